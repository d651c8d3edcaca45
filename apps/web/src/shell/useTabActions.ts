import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH, useTabsStore } from '../stores/tabs-store';

export type TabAction = 'refresh' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

/** Tab operations with the navigation each implies; every one acts on the tab it was asked for. */
export function useTabActions() {
  const navigate = useNavigate();
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;

  return useCallback(
    (action: TabAction, fullPath: string) => {
      const store = useTabsStore.getState();
      const stillOpen = () => useTabsStore.getState().opened.some((t) => t.fullPath === current);
      switch (action) {
        case 'refresh':
          store.refresh(fullPath);
          if (fullPath !== current) navigate(fullPath);
          return;
        case 'close': {
          const next = store.close(fullPath, current);
          if (next) navigate(next);
          return;
        }
        case 'closeLeft':
          store.closeLeft(fullPath);
          break;
        case 'closeRight':
          store.closeRight(fullPath);
          break;
        case 'closeOthers':
          store.closeOthers(fullPath);
          break;
        case 'closeAll':
          store.closeAll();
          navigate(HOME_PATH);
          return;
      }
      // The current page was closed by a bulk action: show the tab the action was asked on.
      if (!stillOpen()) navigate(fullPath);
    },
    [navigate, current],
  );
}
