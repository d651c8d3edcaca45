import type { FeatureModule } from '../../../http/app-deps';
import { gatewayCallbackRoutes } from './gateway-callback.routes';

/** The gateway's callbacks: incoming messages and events. */
export const inboxModule: FeatureModule = {
  name: 'messaging/inbox',
  tables: [],
  routes: [gatewayCallbackRoutes],
  permissions: [],
};
