import { PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { roleRoutes } from './role.routes';

/** Roles, their data scope, menus and customers. */
export const roleModule: FeatureModule = {
  name: 'system/role',
  tables: ['roles', 'role_menus', 'role_customers'],
  routes: [roleRoutes],
  permissions: [PERMISSIONS.role],
  menu: [
    {
      under: 'System',
      order: 30,
      menu: page(
        'SystemRole',
        '/system/role',
        'system/role/index',
        t('User permission assignment', '用户权限分配', '使用者權限分配', 'ユーザー権限の割り当て'),
        PERMISSIONS.role,
        'safety',
      ),
    },
  ],
};
