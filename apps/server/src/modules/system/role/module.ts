import { ROLE_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { roleRoutes } from './role.routes';

/** Roles, their data scope, menus and customers, and the users holding them. */
export const roleModule: FeatureModule = {
  name: 'system/role',
  tables: ['roles', 'role_menus', 'role_customers', 'user_roles'],
  routes: [roleRoutes],
  permissions: [ROLE_PERMISSIONS],
  menu: [
    {
      under: 'System',
      order: 30,
      menu: page(
        'SystemRole',
        '/system/role',
        'system/role/index',
        t('User permission assignment', '用户权限分配', '使用者權限分配', 'ユーザー権限の割り当て'),
        ROLE_PERMISSIONS,
        'safety',
      ),
    },
  ],
};
