import type { Executor } from '../../../db/client';
import { customerIsActive } from '../customer/customer.repo';

/**
 * Whether a customer is enabled and no customer above it is disabled: the users of a disabled
 * customer, or of any customer under a disabled one, may neither sign in nor register.
 */
export async function customerActive(db: Executor, customerId: number): Promise<boolean> {
  return customerIsActive(db, customerId);
}
