import { AGENT_CHAT_MESSAGE_MAX, codePointLength } from '@agent-console/contracts';
import { SendOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from './chat-store';

interface Props {
  /** Sending is possible (an app is picked and no answer is streaming). */
  canSend: boolean;
  onSend(message: string): void;
  appName: string;
}

/**
 * The question box: Enter sends, Shift+Enter starts a new line (and Enter that confirms an input
 * method's composition does neither). At most 2,000 characters, counted as the server counts
 * them (code points); the counter says how many are left, and over the limit sending waits.
 */
export function ChatInput({ canSend, onSend, appName }: Props) {
  const { t } = useTranslation('shell');
  const draft = useChatStore((s) => s.draft);
  const setDraft = useChatStore((s) => s.setDraft);
  const length = codePointLength(draft.trim());
  const over = length - AGENT_CHAT_MESSAGE_MAX;
  const ready = canSend && length > 0 && over <= 0;
  const send = () => {
    if (!ready) return;
    onSend(draft.trim());
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  return (
    <div className="chat-input">
      <div className="chat-input-row">
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 5 }}
          placeholder={t('chat.placeholder', { app: appName })}
          aria-label={t('chat.inputLabel')}
          status={over > 0 ? 'error' : ''}
          data-testid="chat-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!ready}
          onClick={send}
          aria-label={t('chat.send')}
          data-testid="chat-send"
        />
      </div>
      <div className="chat-input-foot">
        <span className="chat-hint">{t('chat.enterHint')}</span>
        <span className={`chat-counter${over > 0 ? ' chat-counter-over' : ''}`} data-testid="chat-counter">
          {over > 0
            ? t('chat.tooLong', { count: over, max: AGENT_CHAT_MESSAGE_MAX })
            : `${length} / ${AGENT_CHAT_MESSAGE_MAX}`}
        </span>
      </div>
    </div>
  );
}
