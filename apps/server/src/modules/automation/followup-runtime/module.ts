import type { FeatureModule } from '../../../http/app-deps';
import { followupRuntimeRoutes } from './followup-runtime.routes';

/** The follow-up sweep and its sends. */
export const followupRuntimeModule: FeatureModule = {
  name: 'automation/followup-runtime',
  tables: ['followup_sends'],
  routes: [followupRuntimeRoutes],
  permissions: [],
};
