import type { ButtonProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../../platform/api/feedback';
import { useLogStore } from '../../platform/log/log-store';
import { HOME_PATH, type OpenedTab, useTabsStore } from '../../platform/stores/tabs-store';
import { withUnsavedChanges } from '../../ui/form/unsaved-changes';

export const TAB_ACTIONS = ['refresh', 'close', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'] as const;
export type TabAction = (typeof TAB_ACTIONS)[number];

/** The tabs an action closes or reloads: their pages lose what they hold. */
function affectedTabs(action: TabAction, fullPath: string, opened: readonly OpenedTab[]): string[] {
  const index = opened.findIndex((tab) => tab.fullPath === fullPath);
  const paths = opened.map((tab) => tab.fullPath).filter((path) => path !== HOME_PATH);
  switch (action) {
    case 'refresh':
    case 'close':
      return [fullPath];
    case 'closeLeft':
      return opened.slice(0, index).map((tab) => tab.fullPath);
    case 'closeRight':
      return opened.slice(index + 1).map((tab) => tab.fullPath);
    case 'closeOthers':
      return paths.filter((path) => path !== fullPath);
    case 'closeAll':
      return paths;
  }
}

/** The page shown now, read when an action runs (so the actions stay the same across navigations). */
function currentFullPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Tab operations with the navigation each implies; every one acts on the tab it was asked for. */
export function useTabActions() {
  const navigate = useNavigate();
  const { t } = useTranslation('shell');

  const run = useCallback(
    (action: TabAction, fullPath: string) => {
      const store = useTabsStore.getState();
      const current = currentFullPath();
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
    [navigate],
  );

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
      // A page with unsaved changes is closed or reloaded only once the user agrees to lose them.
      const unsaved = withUnsavedChanges(affectedTabs(action, fullPath, store.opened));
      const modal = feedback.modal();
      if (!unsaved.length || !modal) return run(action, fullPath);
      modal.confirm({
        title: t('common:unsaved.title'),
        content: t('common:unsaved.tabs', { count: unsaved.length }),
        okText: t('common:unsaved.discard'),
        cancelText: t('common:unsaved.keep'),
        okButtonProps: { danger: true, 'data-testid': 'tabs-discard' } as ButtonProps,
        onOk: () => run(action, fullPath),
      });
    },
    [run, t],
  );
}
