import { USAGE_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { usageRoutes } from './usage.routes';

/** The usage report and the quota's setting (the quotas and their guard are config/usage's). */
export const usageReportModule: FeatureModule = {
  name: 'insight/usage',
  tables: [],
  routes: [usageRoutes],
  permissions: [USAGE_PERMISSIONS],
  // No `under`: a top-level entry, between the AI directory (90) and help (110).
  menu: [
    {
      order: 100,
      menu: page(
        'UsageDashboard',
        '/usage/dashboard',
        'usage/dashboard/index',
        t('Usage report', '用量报表', '用量報表', '利用状況レポート'),
        USAGE_PERMISSIONS,
        'pie-chart',
      ),
    },
  ],
};
