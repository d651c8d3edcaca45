import type { FeatureModule } from '../../../http/app-deps';
import { authRoutes } from './auth.routes';

/**
 * Sign-in, registration, sign-out and who a session's caller is. The sessions and the failed
 * sign-ins it counts are the user feature's tables, reached through its repositories: the user
 * screens end a user's sessions and count a wrong old password, and they sit below sign-in.
 */
export const authModule: FeatureModule = {
  name: 'system/auth',
  tables: [],
  routes: [authRoutes],
  permissions: [],
};
