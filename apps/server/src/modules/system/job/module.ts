import type { FeatureModule } from '../../../http/app-deps';
import { jobRoutes } from './job.routes';

/** Scheduled jobs and their runs. */
export const jobModule: FeatureModule = {
  name: 'system/job',
  routes: [jobRoutes],
};
