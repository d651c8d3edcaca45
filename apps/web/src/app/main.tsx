import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '../platform/i18n';
import './styles.css';
import { App } from './App';
// Keeps the local dictionary cache fresh after each sign-in (it subscribes to the session store).
import '../platform/stores/dict-store';
import { logError } from '../platform/log/log-store';

// Errors outside React and unhandled rejections go to the front-end log (ANCHORS §A).
window.addEventListener('error', (event) => logError(event.message, { source: event.filename, line: event.lineno }));
window.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason instanceof Error ? event.reason.message : String(event.reason);
  logError(reason, { kind: 'unhandledrejection' });
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// The first language's texts arrive as their own chunk; rendering before them would flash keys.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
