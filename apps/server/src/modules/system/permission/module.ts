import { AI_PERMISSION_SCREEN_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { permissionRoutes } from './permission.routes';

/** The AI permission screen's menu and button codes. */
export const permissionModule: FeatureModule = {
  name: 'system/permission',
  tables: [],
  routes: [permissionRoutes],
  permissions: [AI_PERMISSION_SCREEN_PERMISSIONS],
  menu: [
    {
      under: 'Ai',
      order: 30,
      menu: page(
        'AiPermission',
        '/ai/permission',
        'ai/permission/index',
        t('Permission config', '权限配置', '權限配置', '権限設定'),
        AI_PERMISSION_SCREEN_PERMISSIONS,
        'lock',
      ),
    },
  ],
};
