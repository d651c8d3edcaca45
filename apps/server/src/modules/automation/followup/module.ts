import type { FeatureModule } from '../../../http/app-deps';
import { followupRoutes } from './followup.routes';

/** Follow-up strategies and robots. */
export const followupModule: FeatureModule = {
  name: 'automation/followup',
  routes: [followupRoutes],
};
