import type { FeatureModule } from '../../../http/app-deps';
import { appConfigRoutes } from './app-config.routes';

/** Per-app configuration namespaces and items. */
export const appConfigModule: FeatureModule = {
  name: 'config/app-config',
  routes: [appConfigRoutes],
};
