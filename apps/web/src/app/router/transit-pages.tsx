import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH, useTabsStore } from '../../platform/stores/tabs-store';

/** The last page shown before `/refresh`, recorded by the page host. */
let previousFullPath = HOME_PATH;
export function rememberFullPath(fullPath: string): void {
  if (!fullPath.startsWith('/refresh') && !fullPath.startsWith('/redirect')) previousFullPath = fullPath;
}

/** `/refresh`: remounts the page the user came from, with fresh state. */
export function RefreshPage() {
  const navigate = useNavigate();
  const refresh = useTabsStore((s) => s.refresh);
  useEffect(() => {
    refresh(previousFullPath);
    navigate(previousFullPath, { replace: true });
  }, [navigate, refresh]);
  return null;
}

/** `/redirect/<route>?<query>`: goes to `/<route>?<query>` (links that must force a new navigation). */
export function RedirectPage() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    // Leading slashes are dropped so `/redirect//elsewhere.com` cannot leave the app.
    const rest = pathname.replace(/^\/redirect\/*/, '');
    navigate(`/${rest}${search}${hash}`, { replace: true });
  }, [navigate, pathname, search, hash]);
  return null;
}
