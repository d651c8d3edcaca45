import type { FeatureModule } from '../../../http/app-deps';
import { agentChatRoutes } from './agent-chat.routes';

/** The console's chat bubble. */
export const bubbleModule: FeatureModule = {
  name: 'channels/bubble',
  tables: [],
  routes: [agentChatRoutes],
  permissions: [],
};
