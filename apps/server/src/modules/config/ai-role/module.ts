import type { FeatureModule } from '../../../http/app-deps';
import { aiRoleRoutes } from './ai-role.routes';

/** The main prompt and new-customer access. */
export const aiRoleModule: FeatureModule = {
  name: 'config/ai-role',
  routes: [aiRoleRoutes],
};
