import { DEPT_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { deptRoutes } from './dept.routes';

/**
 * The customer screen (`/system/dept`): the customer tree, its invitation codes. It owns no table:
 * the customers are system/customer's, which every feature builds on, while this screen builds on
 * the users and roles (it counts a customer's users and signs them out when it is disabled).
 */
export const deptModule: FeatureModule = {
  name: 'system/dept',
  tables: [],
  routes: [deptRoutes],
  permissions: [DEPT_PERMISSIONS],
  menu: [
    {
      under: 'System',
      order: 20,
      menu: page(
        'SystemDept',
        '/system/dept',
        'system/dept/index',
        t('Customers', '客户管理', '客戶管理', '顧客管理'),
        DEPT_PERMISSIONS,
        'apartment',
      ),
    },
  ],
};
