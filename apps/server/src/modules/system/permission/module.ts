import type { FeatureModule } from '../../../http/app-deps';
import { permissionRoutes } from './permission.routes';

/** The AI permission screen's menu and button codes. */
export const permissionModule: FeatureModule = {
  name: 'system/permission',
  routes: [permissionRoutes],
};
