import type { FeatureModule } from '../../../http/app-deps';
import { metricsRoutes } from './metrics.routes';

/** Session metrics and the dashboard. */
export const metricsModule: FeatureModule = {
  name: 'insight/metrics',
  routes: [metricsRoutes],
};
