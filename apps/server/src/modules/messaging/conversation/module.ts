import type { FeatureModule } from '../../../http/app-deps';
import { conversationRoutes } from './conversation.routes';

/** A contact's conversation in the console: hand-over, replies by hand, and the leads captured from it. */
export const conversationModule: FeatureModule = {
  name: 'messaging/conversation',
  tables: ['contact_leads'],
  routes: [conversationRoutes],
  permissions: [],
};
