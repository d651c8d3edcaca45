import type { FeatureModule } from '../../../http/app-deps';

/**
 * The metrics roll-ups, kept current as messages are logged and sent (the inbox, the outbox and
 * auto-accept call them in their own transactions); the metrics screens (insight/metrics) read them.
 */
export const rollupModule: FeatureModule = {
  name: 'messaging/rollup',
  tables: ['contact_sessions', 'metrics_daily', 'metrics_unanswered'],
  routes: [],
  permissions: [],
};
