import type { ChatRisk, SendBudget } from '@agent-console/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { chatMessages, chatPacing } from '../../../db/schema';
import { customerReplyReservePercentOf } from '../../system/customer/customer.repo';
import { accountsToJoin as accounts } from '../account/account.repo';
import type { PacingOverrides } from '../account/account-ports';
import { dailyCapOf, type PacingPolicy, pacingDay, pacingPolicyOf, riskOf } from './pacing-policy';
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

/** What a budget and a risk are made of, of some accounts: one read for all of them. */
async function readSendFacts(db: Executor, accountIds: readonly number[]) {
  if (!accountIds.length) return [];
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
  return db
    .select({
      id: accounts.id,
      firstLoginAt: accounts.firstLoginAt,
      reservePercent: customerReplyReservePercentOf(accounts.customerId),
      day: chatPacing.day,
      sentToday: chatPacing.sentToday,
      refusedToday: chatPacing.refusedToday,
      backoffUntil: chatPacing.backoffUntil,
      campaignQueued: queued.n,
    })
    .from(accounts)
    .leftJoin(chatPacing, eq(chatPacing.accountId, accounts.id))
    .leftJoin(queued, eq(queued.accountId, accounts.id))
    .where(inArray(accounts.id, [...accountIds]));
}

type SendFacts = Awaited<ReturnType<typeof readSendFacts>>[number];

function budgetFrom(policy: PacingPolicy, r: SendFacts, now: Date): SendBudget {
  const pacing = r.day === null || r.sentToday === null ? null : { day: r.day, sentToday: r.sentToday };
  const campaignQueued = Number(r.campaignQueued ?? 0);
  return budgetOf(
    policy,
    { pacing, firstLoginAt: r.firstLoginAt, reservePercent: r.reservePercent, campaignQueued },
    now,
  );
}

/** The budgets of some accounts today, by account id: one read for all of them. */
async function readBudgets(
  db: Executor,
  policy: PacingPolicy,
  accountIds: readonly number[],
  now: Date,
): Promise<Map<number, SendBudget>> {
  const rows = await readSendFacts(db, accountIds);
  return new Map(rows.map((r) => [r.id, budgetFrom(policy, r, now)]));
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

/**
 * The risk of some accounts today as the account screen shows it (plugged into the accounts by
 * this feature's manifest): one read for all of them; an account that is gone has no budget.
 */
export async function readRisks(
  db: Executor,
  pacing: PacingOverrides,
  accountIds: readonly number[],
  now: Date,
): Promise<(accountId: number) => ChatRisk> {
  const policy = pacingPolicyOf(pacing);
  const rows = await readSendFacts(db, accountIds);
  const risks = new Map(
    rows.map((r) => {
      const today =
        r.day === null || r.sentToday === null || r.refusedToday === null
          ? undefined
          : { day: r.day, sentToday: r.sentToday, refusedToday: r.refusedToday, backoffUntil: r.backoffUntil };
      return [r.id, riskOf(policy, today, r.firstLoginAt, now, budgetFrom(policy, r, now))] as const;
    }),
  );
  return (accountId) => risks.get(accountId) ?? riskOf(policy, undefined, null, now, NO_BUDGET);
}
