import type { FeatureModule } from '../../../http/app-deps';
import { conversationRoutes } from './conversation.routes';

/** Conversations, hand-over and replies by hand. */
export const conversationModule: FeatureModule = {
  name: 'messaging/conversation',
  routes: [conversationRoutes],
  permissions: [],
};
