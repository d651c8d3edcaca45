import type { FeatureModule } from '../../../http/app-deps';

/** The agent's state of every conversation (hand-over pause, needs-a-person), behind its repository. */
export const agentConversationModule: FeatureModule = {
  name: 'agent/conversation',
  tables: ['agent_conversations'],
  routes: [],
  permissions: [],
};
