import type { FeatureModule } from '../../../http/app-deps';

/**
 * Customers (the tenants, a tree) and their invitation codes: what every feature builds on, through
 * `customer.repo.ts` and `invitation.repo.ts`. Their screen is system/dept, which stands above the
 * users it counts.
 */
export const customerModule: FeatureModule = {
  name: 'system/customer',
  tables: ['customers', 'invitation_codes'],
  routes: [],
  permissions: [],
};
