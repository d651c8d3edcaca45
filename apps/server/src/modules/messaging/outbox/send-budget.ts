import type { SendBudget } from '@agent-console/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { chatAccounts, chatMessages, chatPacing } from '../../../db/schema';
import { customerReplyReservePercentOf } from '../../system/customer/customer.repo';
import { dailyCapOf, type PacingPolicy, pacingDay } from './pacing-policy';
import type { ChatSendSource } from './send-queue';

/**
 * An account's daily sends are one budget (issue 34). Replies — the agent's and those written by
 * hand — and welcome messages may use all of it and go first; follow-ups and batch messages
 * ("campaigns") stop where the customer's reply reserve begins, so a sweep can never leave the
 * agent unable to answer the customers who write.
 */
export const CAMPAIGN_SOURCES: ChatSendSource[] = ['batch', 'followup'];

export const isCampaign = (source: string): boolean => (CAMPAIGN_SOURCES as readonly string[]).includes(source);

/** The sends of a cap kept for replies: the percent, rounded up, so a reserve above 0 keeps at least one. */
export function replyReserveOf(cap: number, reservePercent: number): number {
  return Math.ceil((cap * reservePercent) / 100);
}

/** Where campaigns stop: a campaign message waits while the account's sends today reach this. */
export function campaignLimitOf(cap: number, reservePercent: number): number {
  return Math.max(0, cap - replyReserveOf(cap, reservePercent));
}

export interface BudgetInput {
  pacing: Pick<typeof chatPacing.$inferSelect, 'day' | 'sentToday'> | null | undefined;
  firstLoginAt: Date | null;
  reservePercent: number;
  /** Campaign messages queued and not yet sent: each will use a send. */
  campaignQueued: number;
}

/** The account's budget today, from its pacing row (a row of an earlier day counts as nothing sent). */
export function budgetOf(policy: PacingPolicy, input: BudgetInput, now: Date): SendBudget {
  const dailyCap = dailyCapOf(policy, input.firstLoginAt, now);
  const sentToday = input.pacing && input.pacing.day === pacingDay(now) ? input.pacing.sentToday : 0;
  const replyReserve = replyReserveOf(dailyCap, input.reservePercent);
  return {
    dailyCap,
    sentToday,
    replyReserve,
    campaignQueued: input.campaignQueued,
    campaignLeft: Math.max(0, dailyCap - replyReserve - sentToday - input.campaignQueued),
  };
}

/** The budgets of some accounts today, by account id: one read for all of them. */
export async function readBudgets(
  db: Executor,
  policy: PacingPolicy,
  accountIds: readonly number[],
  now: Date,
): Promise<Map<number, SendBudget>> {
  if (!accountIds.length) return new Map();
  const queued = db
    .select({ accountId: chatMessages.accountId, n: sql<number>`count(*)::int`.as('n') })
    .from(chatMessages)
    .where(
      and(
        inArray(chatMessages.accountId, [...accountIds]),
        // The pending index's predicate, so this reads that index only.
        sql`${chatMessages.status} in ('queued', 'sending')`,
        eq(chatMessages.direction, 'out'),
        inArray(chatMessages.source, CAMPAIGN_SOURCES),
      ),
    )
    .groupBy(chatMessages.accountId)
    .as('queued');
  const rows = await db
    .select({
      id: chatAccounts.id,
      firstLoginAt: chatAccounts.firstLoginAt,
      reservePercent: customerReplyReservePercentOf(chatAccounts.customerId),
      day: chatPacing.day,
      sentToday: chatPacing.sentToday,
      campaignQueued: queued.n,
    })
    .from(chatAccounts)
    .leftJoin(chatPacing, eq(chatPacing.accountId, chatAccounts.id))
    .leftJoin(queued, eq(queued.accountId, chatAccounts.id))
    .where(inArray(chatAccounts.id, [...accountIds]));
  return new Map(
    rows.map((r) => [
      r.id,
      budgetOf(
        policy,
        {
          pacing: r.day === null || r.sentToday === null ? null : { day: r.day, sentToday: r.sentToday },
          firstLoginAt: r.firstLoginAt,
          reservePercent: r.reservePercent,
          campaignQueued: Number(r.campaignQueued ?? 0),
        },
        now,
      ),
    ]),
  );
}

/** The budget of an account that is gone: nothing to send. */
export const NO_BUDGET: SendBudget = { dailyCap: 0, sentToday: 0, replyReserve: 0, campaignQueued: 0, campaignLeft: 0 };

/** The budget of one account (NO_BUDGET when it is gone). */
export async function readBudget(
  db: Executor,
  policy: PacingPolicy,
  accountId: number,
  now: Date,
): Promise<SendBudget> {
  return (await readBudgets(db, policy, [accountId], now)).get(accountId) ?? NO_BUDGET;
}
