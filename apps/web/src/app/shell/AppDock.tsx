import { APP_VERSION } from '@agent-console/contracts';
import { useTranslation } from 'react-i18next';
import { ChatBubble } from './ChatBubble';

/**
 * The strip under the page that holds the chat bubble. A bubble floating over the page sat on the
 * last cells of lists and on their page-size selector, on desktop and phone (issue 37); in a strip
 * of its own, beside the page's scrolling area rather than over it, it never covers a control,
 * whatever the screen and width.
 */
export function AppDock() {
  const { t } = useTranslation('common');
  return (
    <footer className="app-dock" data-testid="app-dock">
      <span className="app-dock-note">
        {t('productName')} {APP_VERSION}
      </span>
      <ChatBubble />
    </footer>
  );
}
