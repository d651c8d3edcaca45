import { MENU_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { plugRoleMenuFacts } from '../role/role-ports';
import { currentMenuRoutes } from './current-menu.routes';
import { allMenusExist, distinctPermissionsAmong } from './menu.repo';
import { menuRoutes } from './menu.routes';

// The roles check the menus they are given, and the codes a granted role carries, through this
// (they cannot import this feature, which builds on them).
plugRoleMenuFacts({ allExist: allMenusExist, permissionsAmong: distinctPermissionsAmong });

/** Menus and buttons, and the signed-in user's menu. */
export const menuModule: FeatureModule = {
  name: 'system/menu',
  tables: ['menus'],
  routes: [currentMenuRoutes, menuRoutes],
  permissions: [MENU_PERMISSIONS],
  menu: [
    {
      under: 'System',
      order: 10,
      menu: page(
        'SystemMenu',
        '/system/menu',
        'system/menu/index',
        t('Menus', '菜单管理', '選單管理', 'メニュー管理'),
        MENU_PERMISSIONS,
        'menu',
      ),
    },
  ],
};
