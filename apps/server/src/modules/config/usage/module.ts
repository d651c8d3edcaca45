import type { FeatureModule } from '../../../http/app-deps';
import { usageRoutes } from './usage.routes';

/** Usage quotas and the usage report. */
export const usageModule: FeatureModule = {
  name: 'config/usage',
  routes: [usageRoutes],
};
