import { RouterProvider } from 'react-router';
import { feedback } from '../platform/api/feedback';
import i18n from '../platform/i18n';
import { watchPasteLimits } from '../platform/lib/paste-limit';
import { installSessionExpiry } from '../platform/stores/session-store';
import { router } from './router';
import { signInAddress } from './router/sign-in-target';

installSessionExpiry((who) => {
  const here = `${window.location.pathname}${window.location.search}`;
  if (!here.startsWith('/login')) void router.navigate(signInAddress(who, here), { replace: true });
});

// Every limited field, on every page (sign-in included), says when a paste was cut to its limit.
watchPasteLimits((count) => feedback.warning(i18n.t('common:pasteCut', { count }), 6));

/**
 * The router only: antd's providers and the query cache belong to the shell's chunk
 * (app/shell/ShellRoot.tsx), so the sign-in page loads neither.
 */
export function App() {
  return <RouterProvider router={router} />;
}
