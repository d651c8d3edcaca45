import type { FeatureModule } from '../../../http/app-deps';
import { ossRoutes } from './oss.routes';

/** Uploaded files. */
export const ossModule: FeatureModule = {
  name: 'system/oss',
  routes: [ossRoutes],
  permissions: [],
};
