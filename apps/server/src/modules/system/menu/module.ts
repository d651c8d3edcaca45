import { PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { currentMenuRoutes } from './current-menu.routes';
import { menuRoutes } from './menu.routes';

/** Menus and buttons, and the signed-in user's menu. */
export const menuModule: FeatureModule = {
  name: 'system/menu',
  tables: ['menus'],
  routes: [currentMenuRoutes, menuRoutes],
  permissions: [PERMISSIONS.menu],
  menu: [
    {
      under: 'System',
      order: 10,
      menu: page(
        'SystemMenu',
        '/system/menu',
        'system/menu/index',
        t('Menus', '菜单管理', '選單管理', 'メニュー管理'),
        PERMISSIONS.menu,
        'menu',
      ),
    },
  ],
};
