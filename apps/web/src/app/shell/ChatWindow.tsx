import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChatHeader } from './chat/ChatHeader';
import { ChatPanel } from './chat/ChatPanel';

interface Props {
  open: boolean;
  /** Under 768 px the chat is a full-screen modal (SPEC §9), edge to edge. */
  phone: boolean;
  onClose(): void;
}

/**
 * The chat with the agent (WAVE2 §11): a window above the bubble on larger screens, a full-screen
 * modal on a phone. Loaded the first time the bubble opens it (shell/ChatBubble.tsx).
 */
export function ChatWindow({ open, phone, onClose }: Props) {
  const { t } = useTranslation('shell');
  // A source or link opened from the chat: on a phone the full-screen chat would hide it.
  const navigated = phone ? onClose : () => {};
  if (phone) {
    return (
      <Modal
        open={open}
        onCancel={onClose}
        footer={null}
        title={null}
        closable={false}
        width="100vw"
        className="chat-modal-fullscreen"
        wrapClassName="chat-modal-wrap"
        destroyOnHidden
      >
        <div className="chat-modal-body" data-testid="chat-modal">
          <ChatHeader onClose={onClose} />
          <ChatPanel onNavigate={navigated} />
        </div>
      </Modal>
    );
  }
  if (!open) return null;
  return (
    <section className="chat-window" data-testid="chat-window" aria-label={t('chat.title')}>
      <ChatHeader onClose={onClose} />
      <ChatPanel onNavigate={navigated} />
    </section>
  );
}
