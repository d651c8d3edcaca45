import type { FeatureModule } from '../../../http/app-deps';
import { dictRoutes } from './dict.routes';

/** Value dictionaries. */
export const dictModule: FeatureModule = {
  name: 'system/dict',
  routes: [dictRoutes],
};
