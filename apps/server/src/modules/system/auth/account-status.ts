import type { Executor } from '../../../db/client';
import { customerActiveCondition, customerIsActive } from '../customer/customer.repo';

/**
 * True for a row of `customers` that is enabled with no disabled customer above it: the one
 * condition behind sign-in, registration and session resolution.
 */
export const customerActiveSql = customerActiveCondition;

/**
 * Whether a customer is enabled and no customer above it is disabled: the users of a disabled
 * customer, or of any customer under a disabled one, may neither sign in nor register.
 */
export async function customerActive(db: Executor, customerId: number): Promise<boolean> {
  return customerIsActive(db, customerId);
}
