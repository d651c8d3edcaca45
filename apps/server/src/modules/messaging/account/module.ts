import type { FeatureModule } from '../../../http/app-deps';
import { chatAccountRoutes } from './chat-account.routes';

/** Messaging accounts: QR login, status, sync. */
export const accountModule: FeatureModule = {
  name: 'messaging/account',
  routes: [chatAccountRoutes],
};
