import { PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { deptRoutes } from './dept.routes';

/** Customers (the department tree) and invitation codes. */
export const customerModule: FeatureModule = {
  name: 'system/customer',
  tables: ['customers', 'invitation_codes'],
  routes: [deptRoutes],
  permissions: [PERMISSIONS.dept],
  menu: [
    {
      under: 'System',
      order: 20,
      menu: page(
        'SystemDept',
        '/system/dept',
        'system/dept/index',
        t('Customers', '客户管理', '客戶管理', '顧客管理'),
        PERMISSIONS.dept,
        'apartment',
      ),
    },
  ],
};
