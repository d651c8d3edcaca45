import { METRICS_DASHBOARD_PERMISSIONS, METRICS_SESSION_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { metricsRoutes } from './metrics.routes';

/** Session metrics and the dashboard, read from the roll-ups (messaging/rollup). */
export const metricsModule: FeatureModule = {
  name: 'insight/metrics',
  tables: [],
  routes: [metricsRoutes],
  permissions: [METRICS_SESSION_PERMISSIONS, METRICS_DASHBOARD_PERMISSIONS],
  menu: [
    {
      under: 'Metrics',
      order: 10,
      menu: page(
        'MetricsCustomerSession',
        '/metrics/customer-session',
        'metrics/customer-session/index',
        t('Customer session metrics', '客户会话指标', '客戶會話指標', '顧客セッション指標'),
        METRICS_SESSION_PERMISSIONS,
        'message',
      ),
    },
    {
      under: 'Metrics',
      order: 20,
      menu: page(
        'MetricsDashboard',
        '/metrics/dashboard',
        'metrics/dashboard/index',
        t('Dashboard', '数据看板', '數據看板', 'ダッシュボード'),
        METRICS_DASHBOARD_PERMISSIONS,
        'dashboard',
      ),
    },
  ],
};
