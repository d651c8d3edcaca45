import type { FeatureModule } from '../../../http/app-deps';
import { conversationRoutes } from './conversation.routes';

/** Conversations, hand-over and replies by hand. */
export const conversationModule: FeatureModule = {
  name: 'messaging/conversation',
  tables: ['agent_conversations'],
  routes: [conversationRoutes],
  permissions: [],
};
