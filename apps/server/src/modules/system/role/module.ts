import type { FeatureModule } from '../../../http/app-deps';
import { roleRoutes } from './role.routes';

/** Roles, their data scope, menus and customers. */
export const roleModule: FeatureModule = {
  name: 'system/role',
  routes: [roleRoutes],
};
