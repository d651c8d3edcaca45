import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../api/feedback';
import { useLogStore } from '../stores/log-store';
import { HOME_PATH, useTabsStore } from '../stores/tabs-store';

export const TAB_ACTIONS = ['refresh', 'close', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'] as const;
export type TabAction = (typeof TAB_ACTIONS)[number];

/** Tab operations with the navigation each implies; every one acts on the tab it was asked for. */
export function useTabActions() {
  const navigate = useNavigate();
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;
  const { t } = useTranslation('shell');

  return useCallback(
    (action: TabAction, fullPath: string) => {
      const store = useTabsStore.getState();
      // A stale menu (its tab closed meanwhile, or a drag onto the strip) may ask for a tab or an
      // action that no longer exists: say so (SPEC §8 "invalid tab action") instead of guessing.
      if (!TAB_ACTIONS.includes(action) || !store.opened.some((tab) => tab.fullPath === fullPath)) {
        feedback.warning(t('tabs.invalidAction'));
        useLogStore.getState().push({ type: 'warning', message: 'invalid tab action', extra: { action, fullPath } });
        return;
      }
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
    [navigate, current, t],
  );
}
