import { RouterProvider } from 'react-router';
import { feedback } from './api/feedback';
import i18n from './i18n';
import { watchPasteLimits } from './lib/paste-limit';
import { router } from './router';
import { signInAddress } from './router/sign-in-target';
import { installSessionExpiry } from './stores/session-store';

installSessionExpiry((who) => {
  const here = `${window.location.pathname}${window.location.search}`;
  if (!here.startsWith('/login')) void router.navigate(signInAddress(who, here), { replace: true });
});

// Every limited field, on every page (sign-in included), says when a paste was cut to its limit.
watchPasteLimits((count) => feedback.warning(i18n.t('common:pasteCut', { count }), 6));

/**
 * The router only: antd's providers and the query cache belong to the shell's chunk
 * (shell/ShellRoot.tsx), so the sign-in page loads neither.
 */
export function App() {
  return <RouterProvider router={router} />;
}
