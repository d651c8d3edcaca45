import type { FeatureModule } from '../../../http/app-deps';
import { addressRoutes } from './address.routes';

/** Contacts and labels of messaging accounts. */
export const contactModule: FeatureModule = {
  name: 'messaging/contact',
  routes: [addressRoutes],
};
