import type { FeatureModule } from '../../../http/app-deps';
import { demoRoutes } from './demo.routes';

/** The demo customer and "Try the demo". */
export const demoModule: FeatureModule = {
  name: 'demo/demo',
  tables: [],
  routes: [demoRoutes],
  permissions: [],
};
