import type { FeatureModule } from '../../../http/app-deps';
import { authRoutes } from './auth.routes';

/** Sign-in, registration, sign-out and sessions. */
export const authModule: FeatureModule = {
  name: 'system/auth',
  tables: ['sessions', 'login_failures'],
  routes: [authRoutes],
  permissions: [],
};
