import type { FeatureModule } from '../../../http/app-deps';
import { currentMenuRoutes } from './current-menu.routes';
import { menuRoutes } from './menu.routes';

/** Menus and buttons, and the signed-in user's menu. */
export const menuModule: FeatureModule = {
  name: 'system/menu',
  routes: [currentMenuRoutes, menuRoutes],
};
