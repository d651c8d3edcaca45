import type { FeatureModule } from '../../../http/app-deps';

/**
 * Usage quotas: the quota guard every answer passes (quota-guard.ts) and the quotas it reads.
 * The usage report and the quota's setting are insight/usage's screens.
 */
export const usageModule: FeatureModule = {
  name: 'config/usage',
  tables: ['usage_quotas', 'usage_alerts'],
  routes: [],
  permissions: [],
};
