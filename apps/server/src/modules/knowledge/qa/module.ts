import type { FeatureModule } from '../../../http/app-deps';
import { qaRoutes } from './qa.routes';

/** Question-and-answer records and their import. */
export const qaModule: FeatureModule = {
  name: 'knowledge/qa',
  routes: [qaRoutes],
};
