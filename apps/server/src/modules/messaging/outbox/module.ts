import type { FeatureModule } from '../../../http/app-deps';
import { messageRoutes } from './message.routes';

/** Paced sending of messages and batches. */
export const outboxModule: FeatureModule = {
  name: 'messaging/outbox',
  routes: [messageRoutes],
  permissions: [],
};
