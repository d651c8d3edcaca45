import { CloseOutlined, MessageOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons';
import { Button, FloatButton, Input, Modal, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../lib/use-viewport';
import './chat.css';

/**
 * The embedded chat. No agent is connected to the console yet, so the window says so plainly
 * and the input stays disabled: it never shows a reply that no agent wrote.
 */
function ChatBody() {
  const { t } = useTranslation('shell');
  return (
    <div className="chat-body">
      <div className="chat-messages">
        <Result icon={<RobotOutlined />} title={t('chat.unavailableTitle')} subTitle={t('chat.unavailable')} />
      </div>
      <div className="chat-input">
        <Input.TextArea disabled autoSize={{ minRows: 1, maxRows: 3 }} placeholder={t('chat.placeholder')} />
        <Button type="primary" icon={<SendOutlined />} disabled aria-label={t('chat.send')} />
      </div>
    </div>
  );
}

/** The window's title bar with its close button; the same on a desktop and on a phone. */
function ChatHeader({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('shell');
  return (
    <header className="chat-window-header">
      <span>
        <RobotOutlined /> {t('chat.title')}
      </span>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('chat.close')} onClick={onClose} />
    </header>
  );
}

/**
 * The bubble and its chat: a window above the bubble on larger screens, a full-screen modal under
 * 768 px (SPEC §9), edge to edge. The bubble's tooltip invites opening, so it goes while the chat is open.
 */
export function ChatBubble() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const phone = useViewport() === 'phone';
  const close = () => setOpen(false);
  return (
    <>
      <FloatButton
        type="primary"
        icon={<MessageOutlined />}
        {...(open ? {} : { tooltip: t('chat.open') })}
        onClick={() => setOpen((o) => !o)}
        data-testid="chat-bubble"
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
        >
          <div className="chat-modal-body" data-testid="chat-modal">
            <ChatHeader onClose={close} />
            <ChatBody />
          </div>
        </Modal>
      ) : (
        open && (
          <section className="chat-window" data-testid="chat-window" aria-label={t('chat.title')}>
            <ChatHeader onClose={close} />
            <ChatBody />
          </section>
        )
      )}
    </>
  );
}
