import { and, desc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { usageQuotas } from '../../../db/schema';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/**
 * The quota in force in a month: the row of the latest month at or before it (null: unlimited).
 * One primary-key range read.
 */
export async function quotaOfMonth(db: Executor, customerId: number, monthKey: string): Promise<number | null> {
  const [row] = await db
    .select({ quota: usageQuotas.quota })
    .from(usageQuotas)
    .where(and(eq(usageQuotas.customerId, customerId), lte(usageQuotas.month, monthKey)))
    .orderBy(desc(usageQuotas.month))
    .limit(1);
  return row?.quota ?? null;
}

/**
 * Sets a customer's quota from `monthKey` on (null: unlimited; 0: no answers). Earlier months keep
 * theirs, so a past month is read against the quota that was in force then.
 */
export async function saveQuota(
  db: Executor,
  customerId: number,
  monthKey: string,
  quota: number | null,
  userId: number,
): Promise<void> {
  await db
    .insert(usageQuotas)
    .values({ customerId, month: monthKey, quota, updatedBy: userId })
    .onConflictDoUpdate({
      target: [usageQuotas.customerId, usageQuotas.month],
      set: { quota, updatedBy: userId, updatedAt: new Date() },
    });
}
