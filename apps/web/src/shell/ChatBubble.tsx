import { CloseOutlined, MessageOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons';
import { Button, FloatButton, Input, Modal, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Under this width the chat opens as a full-screen modal (SPEC §9). */
export const MOBILE_BREAKPOINT = 768;

function useIsMobile(): boolean {
  const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMobile(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return mobile;
}

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

export function ChatBubble() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const mobile = useIsMobile();
  return (
    <>
      <FloatButton
        type="primary"
        icon={<MessageOutlined />}
        tooltip={t('chat.open')}
        onClick={() => setOpen((o) => !o)}
        data-testid="chat-bubble"
        style={{ insetInlineEnd: 28, insetBlockEnd: 28 }}
      />
      {mobile ? (
        <Modal
          open={open}
          onCancel={() => setOpen(false)}
          footer={null}
          title={t('chat.title')}
          width="100vw"
          style={{ top: 0, maxWidth: '100vw', margin: 0, padding: 0 }}
          className="chat-modal-fullscreen"
          wrapClassName="chat-modal-wrap"
        >
          <div data-testid="chat-modal">
            <ChatBody />
          </div>
        </Modal>
      ) : (
        open && (
          <section className="chat-window" data-testid="chat-window" aria-label={t('chat.title')}>
            <header className="chat-window-header">
              <span>
                <RobotOutlined /> {t('chat.title')}
              </span>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('chat.close')}
                onClick={() => setOpen(false)}
              />
            </header>
            <ChatBody />
          </section>
        )
      )}
    </>
  );
}
