import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { agentAnswers, usageQuotas } from '../../../db/schema';
import type { Period } from './usage-period';

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

/** Answer units of a customer in a period: a range read of `agent_answers (customer_id, created_at)`. */
export async function usedIn(db: Executor, customerId: number, period: Period): Promise<number> {
  const [row] = await db
    .select({ used: sql<string | number | null>`sum(${agentAnswers.units})` })
    .from(agentAnswers)
    .where(
      and(
        eq(agentAnswers.customerId, customerId),
        gte(agentAnswers.createdAt, period.from),
        lt(agentAnswers.createdAt, period.to),
      ),
    );
  return Number(row?.used ?? 0);
}

/** A quota's remaining answers, floored at 0; null when unlimited. */
export function remainingOf(quota: number | null, used: number): number | null {
  return quota === null ? null : Math.max(0, quota - used);
}
