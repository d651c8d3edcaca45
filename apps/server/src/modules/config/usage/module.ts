import { PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { usageRoutes } from './usage.routes';

/** Usage quotas and the usage report. */
export const usageModule: FeatureModule = {
  name: 'config/usage',
  tables: ['usage_quotas', 'usage_alerts'],
  routes: [usageRoutes],
  permissions: [PERMISSIONS.usage],
  // No `under`: a top-level entry, between the AI directory (90) and help (110).
  menu: [
    {
      order: 100,
      menu: page(
        'UsageDashboard',
        '/usage/dashboard',
        'usage/dashboard/index',
        t('Usage report', '用量报表', '用量報表', '利用状況レポート'),
        PERMISSIONS.usage,
        'pie-chart',
      ),
    },
  ],
};
