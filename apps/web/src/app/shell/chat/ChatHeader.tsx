import { CloseOutlined, PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChatStore } from './chat-store';
import { isStreaming } from './use-chat';

/** The window's title bar: a new conversation and close; the same on a desktop and on a phone. */
export function ChatHeader({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('shell');
  const turns = useChatStore((s) => s.turns);
  const newConversation = useChatStore((s) => s.newConversation);
  return (
    <header className="chat-window-header">
      <span>
        <RobotOutlined /> {t('chat.title')}
      </span>
      <span className="chat-window-actions">
        <Tooltip title={t('chat.newConversation')}>
          <Button
            type="text"
            size="small"
            icon={<PlusOutlined />}
            aria-label={t('chat.newConversation')}
            data-testid="chat-new"
            disabled={!turns.length || isStreaming(turns)}
            onClick={newConversation}
          />
        </Tooltip>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('chat.close')} onClick={onClose} />
      </span>
    </header>
  );
}
