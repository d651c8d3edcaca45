import type { FeatureModule } from '../../../http/app-deps';
import { mailRoutes } from './mail.routes';

/** Mail settings and alert mail. */
export const mailModule: FeatureModule = {
  name: 'notify/mail',
  routes: [mailRoutes],
};
