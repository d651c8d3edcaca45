import type { MenuRoute } from '@agent-console/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/api/feedback';
import { useTabsStore } from '../../platform/stores/tabs-store';
import { navigateTo } from '../router/navigate';

const EXTERNAL = /^https?:\/\//i;

/**
 * Menu selection rule (SPEC §2): an empty or undefined entry warns that it is temporary, an
 * http(s) link opens in a new window, anything else navigates: to the open tab of that page when
 * there is one, with the query its list put in the URL, rather than a second tab.
 */
export function useMenuSelect() {
  const { t } = useTranslation('shell');
  return useCallback(
    (route: Pick<MenuRoute, 'path'> | undefined) => {
      const path = route?.path?.trim();
      if (!path) {
        feedback.warning(t('menu.temporary'));
        return;
      }
      if (EXTERNAL.test(path)) {
        window.open(path, '_blank', 'noopener,noreferrer');
        return;
      }
      const { opened } = useTabsStore.getState();
      const open = opened.find((t) => t.fullPath === path) ?? opened.find((t) => t.fullPath.startsWith(`${path}?`));
      navigateTo(open?.fullPath ?? path);
    },
    [t],
  );
}
