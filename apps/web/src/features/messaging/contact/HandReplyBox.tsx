import { CHAT_TEXT_MAX, type ConversationView, HAND_REPLY_PAUSE_MINUTES } from '@agent-console/contracts';
import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Typography } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { conversationApi, useConversationMutation } from '../../../platform/resources/conversation';

/**
 * A reply written by hand, sent as the account (queued and paced like every send). Sending pauses
 * the agent for this contact; a refusal is shown here and the text kept. Ctrl+Enter (⌘+Enter) sends.
 */
export function HandReplyBox({ view }: { view: ConversationView }) {
  const { t } = useTranslation('chat-address');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const contactId = view.contact.id;
  const send = useConversationMutation((content: string) => conversationApi.reply(contactId, content));
  const blocked = !view.contact.accountOnline
    ? t('conversation.reply.offline')
    : view.contact.gone
      ? t('conversation.reply.gone')
      : null;

  const submit = async () => {
    if (send.isPending || blocked) return;
    if (!text.trim()) {
      setProblem(t('conversation.reply.required'));
      return;
    }
    setProblem(null);
    try {
      await send.mutateAsync(text);
      setText('');
      feedback.success(t('conversation.reply.queued'));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <div className="conv-reply" data-testid="conversation-reply">
      {blocked && <Alert type="info" showIcon title={blocked} className="conv-reply-blocked" />}
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem}
          className="conv-reply-problem"
          data-testid="conversation-reply-error"
        />
      )}
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={CHAT_TEXT_MAX}
        showCount
        disabled={!!blocked}
        aria-label={t('conversation.reply.label')}
        placeholder={t('conversation.reply.placeholder', { name: view.contact.nickname })}
        data-testid="conversation-reply-text"
      />
      <div className="conv-reply-actions">
        <Typography.Text type="secondary" className="conv-reply-hint">
          {t('conversation.reply.hint', { minutes: HAND_REPLY_PAUSE_MINUTES })}
        </Typography.Text>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={send.isPending}
          disabled={!!blocked}
          onClick={() => void submit()}
          data-testid="conversation-reply-send"
        >
          {t('conversation.reply.send')}
        </Button>
      </div>
    </div>
  );
}
