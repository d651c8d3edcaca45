import type { FeatureModule } from '../../../http/app-deps';
import { messageRoutes } from './message.routes';

/** Paced sending of messages and batches. */
export const outboxModule: FeatureModule = {
  name: 'messaging/outbox',
  tables: ['chat_messages', 'chat_send_batches', 'chat_pacing'],
  routes: [messageRoutes],
  permissions: [],
};
