import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { customers } from '../../../db/schema';

/**
 * True for a row of `customers` that is enabled with no disabled customer above it: the one
 * condition behind sign-in, registration and session resolution.
 */
export const customerActiveSql = sql<boolean>`${customers.enabled} AND NOT EXISTS (
  SELECT 1 FROM ${customers} AS above WHERE above.id = ANY(${customers.ancestors}) AND NOT above.enabled)`;

/**
 * Whether a customer is enabled and no customer above it is disabled: the users of a disabled
 * customer, or of any customer under a disabled one, may neither sign in nor register.
 */
export async function customerActive(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), customerActiveSql));
  return !!row;
}
