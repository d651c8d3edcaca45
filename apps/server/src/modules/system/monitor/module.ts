import type { FeatureModule } from '../../../http/app-deps';
import { logRetentionJob } from './log-retention';
import { monitorRoutes } from './monitor.routes';

/** The operation and login logs, online users, the model's status. */
export const monitorModule: FeatureModule = {
  name: 'system/monitor',
  routes: [monitorRoutes],
  jobHandlers: [logRetentionJob],
};
