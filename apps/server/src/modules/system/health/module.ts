import type { FeatureModule } from '../../../http/app-deps';
import { healthRoutes } from './health.routes';

/** Liveness, readiness and the Prometheus metrics. */
export const healthModule: FeatureModule = {
  name: 'system/health',
  tables: [],
  routes: [healthRoutes],
  permissions: [],
};
