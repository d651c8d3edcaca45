import type { FeatureModule } from '../../../http/app-deps';
import { ossRoutes } from './oss.routes';

/** Uploaded files. */
export const ossModule: FeatureModule = {
  name: 'system/oss',
  tables: ['stored_objects'],
  routes: [ossRoutes],
  permissions: [],
};
