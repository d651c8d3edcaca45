import type { FeatureModule } from '../../../http/app-deps';

/** The agent's work on messaging accounts: replies, friend requests, leads. */
export const autoReplyModule: FeatureModule = {
  name: 'automation/auto-reply',
  tables: ['contact_leads'],
  routes: [],
  permissions: [],
};
