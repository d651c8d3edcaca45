import type { FeatureModule } from '../../../http/app-deps';
import { deptRoutes } from './dept.routes';

/** Customers (the department tree) and invitation codes. */
export const customerModule: FeatureModule = {
  name: 'system/customer',
  routes: [deptRoutes],
};
