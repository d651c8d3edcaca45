import type { FeatureModule } from '../../../http/app-deps';
import { postRoutes } from './post.routes';

/** Posts (job positions). */
export const postModule: FeatureModule = {
  name: 'system/post',
  routes: [postRoutes],
};
