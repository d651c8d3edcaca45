import type { FeatureModule } from '../../../http/app-deps';
import { currentUserRoutes } from './current-user.routes';
import { profileRoutes } from './profile.routes';
import { userRoutes } from './user.routes';

/** Users, the signed-in user and profiles. */
export const userModule: FeatureModule = {
  name: 'system/user',
  routes: [currentUserRoutes, profileRoutes, userRoutes],
};
