import { MessageOutlined } from '@ant-design/icons';
import { FloatButton, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../platform/lib/use-viewport';
import { LazyPart, lazyPart, OverlayLoading, useOpenedOnce } from './lazy-part';
import './chat.css';

const chatWindow = lazyPart('ChatWindow', () => import('./ChatWindow').then((m) => m.ChatWindow));

/**
 * The bubble; its chat window (shell/ChatWindow.tsx) loads the first time it opens. The bubble's
 * tooltip invites opening, so it goes while the chat is open. The conversation outlives the
 * window (chat store).
 */
export function ChatBubble() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  const phone = useViewport() === 'phone';
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <FloatButton
        type="primary"
        icon={<MessageOutlined />}
        {...(open ? {} : { tooltip: t('chat.open') })}
        onClick={() => setOpen((o) => !o)}
        data-testid="chat-bubble"
        aria-label={t('chat.open')}
        // In the dock (AppDock.tsx), not floating over the page.
        style={{ position: 'static' }}
      />
      {used && (
        <LazyPart
          chunk={chatWindow}
          props={{ open, phone, onClose: close }}
          fallback={phone ? <OverlayLoading /> : <WindowLoading />}
        />
      )}
    </>
  );
}

/** The window's place while its chunk arrives. */
function WindowLoading() {
  const { t } = useTranslation('shell');
  return (
    <section className="chat-window chat-window-loading" aria-label={t('chat.title')} aria-busy="true">
      <Spin />
    </section>
  );
}
