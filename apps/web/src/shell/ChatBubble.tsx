import { MessageOutlined } from '@ant-design/icons';
import { FloatButton, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../lib/use-viewport';
import { ChatHeader } from './chat/ChatHeader';
import { ChatPanel } from './chat/ChatPanel';
import './chat.css';

/**
 * The bubble and its chat with the agent (WAVE2 §11): a window above the bubble on larger
 * screens, a full-screen modal under 768 px (SPEC §9), edge to edge. The bubble's tooltip invites
 * opening, so it goes while the chat is open. The conversation outlives the window (chat store).
 */
export function ChatBubble() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const phone = useViewport() === 'phone';
  const close = () => setOpen(false);
  // A source or link opened from the chat: on a phone the full-screen chat would hide it.
  const navigated = phone ? close : () => {};
  return (
    <>
      <FloatButton
        type="primary"
        icon={<MessageOutlined />}
        {...(open ? {} : { tooltip: t('chat.open') })}
        onClick={() => setOpen((o) => !o)}
        data-testid="chat-bubble"
        aria-label={t('chat.open')}
        style={{ insetInlineEnd: 28, insetBlockEnd: 28 }}
      />
      {phone ? (
        <Modal
          open={open}
          onCancel={close}
          footer={null}
          title={null}
          closable={false}
          width="100vw"
          className="chat-modal-fullscreen"
          wrapClassName="chat-modal-wrap"
          destroyOnHidden
        >
          <div className="chat-modal-body" data-testid="chat-modal">
            <ChatHeader onClose={close} />
            <ChatPanel onNavigate={navigated} />
          </div>
        </Modal>
      ) : (
        open && (
          <section className="chat-window" data-testid="chat-window" aria-label={t('chat.title')}>
            <ChatHeader onClose={close} />
            <ChatPanel onNavigate={navigated} />
          </section>
        )
      )}
    </>
  );
}
