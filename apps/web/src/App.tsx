import { RouterProvider } from 'react-router';
import { router } from './router';
import { signInAddress } from './router/sign-in-target';
import { installSessionExpiry } from './stores/session-store';

installSessionExpiry((who) => {
  const here = `${window.location.pathname}${window.location.search}`;
  if (!here.startsWith('/login')) void router.navigate(signInAddress(who, here), { replace: true });
});

/**
 * The router only: antd's providers and the query cache belong to the shell's chunk
 * (shell/ShellRoot.tsx), so the sign-in page loads neither.
 */
export function App() {
  return <RouterProvider router={router} />;
}
