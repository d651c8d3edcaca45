import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasToken, useSessionStore } from '../../platform/stores/session-store';
import { ScreenSpinner } from '../../ui/plain/Spinner';
import { signInAddress } from './sign-in-target';

/**
 * Auth routes need the token cookie; without it the user goes to the sign-in page with the
 * target in `redirect`, and comes back there after signing in (SPEC §2).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const user = useSessionStore((s) => s.user);
  const loadUser = useSessionStore((s) => s.loadUser);
  const [failed, setFailed] = useState(false);
  const tokenPresent = hasToken();

  useEffect(() => {
    if (tokenPresent && !user) loadUser().catch(() => setFailed(true));
  }, [tokenPresent, user, loadUser]);

  if (!tokenPresent || failed) {
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={signInAddress(null, redirect)} replace />;
  }
  if (!user) return <ScreenSpinner />;
  return <>{children}</>;
}
