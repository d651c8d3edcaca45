import type {
  Language,
  RoleUsage,
  UsageDashboard,
  UsageQuery,
  UsageQuotaInput,
  UsageTrendPoint,
} from '@agent-console/contracts';
import { and, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../../db/client';
import { inScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { answerUnitsIn, answerUsageToJoin } from '../../agent/answer/answer.repo';
import { appsOfCustomersWithCustomerName } from '../../config/app-config/app.repo';
import { quotaOfMonth, saveQuota } from '../../config/usage/usage.repo';
import { lastDayOf, monthOf, trendDays } from '../../config/usage/usage-period';
import { customerAncestors, customerExists } from '../../system/customer/customer.repo';
import { type ReportCustomers, reportCustomers } from '../metrics/report-customers';

/**
 * The customer a usage call is about, within the caller's data scope; otherwise A0404 naming
 * `customerId`, the same answer for a missing customer and another's, so ids cannot be probed.
 */
async function assertUsageCustomer(db: Executor, auth: AuthContext, customerId: number): Promise<void> {
  if (!(await customerExists(db, customerId)) || !inScope(auth, customerId)) refuseCustomer();
}

function refuseCustomer(): never {
  throw new AppError('A0404', { fields: [{ field: 'customerId', reason: 'outOfScope' }] });
}

/**
 * The customers of a usage read: the one picked (in the caller's scope, else A0404), or without a
 * pick every customer of the scope ("All my customers"; one customer when the scope holds one).
 */
async function usageCustomers(db: Executor, auth: AuthContext, picked: number | undefined): Promise<ReportCustomers> {
  if (picked !== undefined) await assertUsageCustomer(db, auth, picked);
  return reportCustomers(db, auth, picked, refuseCustomer);
}

/** `column` limited to the report's customers (no condition for scope "all"). */
const ofCustomers = (c: ReportCustomers, column: AnyPgColumn): SQL | undefined =>
  c.all ? undefined : inArray(column, c.ids);

/** What the agent's answers cost (agent/answer): the rows the month's and the days' usage sum. */
const answers = answerUsageToJoin;

/** The agent's answers to the customers in scope written in [from, to). */
const answersWithin = (c: ReportCustomers, from: Date, to: Date): SQL | undefined =>
  and(ofCustomers(c, answers.customerId), gte(answers.createdAt, from), lt(answers.createdAt, to));

/** A roll-up of per-customer amounts that are null when unlimited: unlimited when any one is. */
const addUp = (values: (number | null)[]): number | null =>
  values.some((v) => v === null) ? null : values.reduce<number>((n, v) => n + (v ?? 0), 0);

/** A quota's remaining answers, floored at 0 as the guard floors it; null when unlimited. */
function remainingOf(quota: number | null, used: number): number | null {
  return quota === null ? null : Math.max(0, quota - used);
}

/** used ÷ quota in %, one decimal; null when unlimited or 0 (a rate of nothing means nothing). */
export function usageRateOf(quota: number | null, used: number): number | null {
  if (quota === null || quota === 0) return null;
  return Math.round((used / quota) * 1000) / 10;
}

/**
 * The five cards (SPEC §3): this month's quota and use, and last month's remaining. Each
 * customer's figures are what the quota guard meters (its quota, the agent's answer units); rolled up, the
 * uses and quotas are added (any unlimited customer makes the total unlimited) and so are the
 * remainings, each floored at 0 as the guard floors it: one customer over its quota does not
 * eat another's remaining answers.
 */
export async function companyUsage(db: Db, auth: AuthContext, query: UsageQuery, now: Date): Promise<UsageDashboard> {
  const scope = await usageCustomers(db, auth, query.customerId);
  const month = monthOf(now);
  const last = monthOf(now, -1);
  const each = await Promise.all(
    scope.ids.map(async (customerId) => {
      const [quota, used, lastQuota, lastUsed] = await Promise.all([
        quotaOfMonth(db, customerId, month.key),
        answerUnitsIn(db, customerId, month),
        quotaOfMonth(db, customerId, last.key),
        answerUnitsIn(db, customerId, last),
      ]);
      return { quota, used, remaining: remainingOf(quota, used), lastRemaining: remainingOf(lastQuota, lastUsed) };
    }),
  );
  const totalQuota = addUp(each.map((c) => c.quota));
  const used = each.reduce((n, c) => n + c.used, 0);
  return {
    customerId: scope.customerId,
    totalQuota,
    used,
    remaining: addUp(each.map((c) => c.remaining)),
    lastMonthRemaining: addUp(each.map((c) => c.lastRemaining)),
    usageRate: usageRateOf(totalQuota, used),
    unit: 'answer',
    period: { from: month.key, to: lastDayOf(month) },
  };
}

/**
 * This month's use per app (WAVE2 §15.6: an app is an AI role): every app of the customer, those
 * without answers at 0, plus one row for answers of apps since deleted. Most used first. Rolled
 * up, the apps of every customer covered, each naming its customer.
 */
export async function roleUsage(
  db: Db,
  auth: AuthContext,
  query: UsageQuery,
  now: Date,
  lang: Language,
): Promise<RoleUsage[]> {
  const scope = await usageCustomers(db, auth, query.customerId);
  const month = monthOf(now);
  const [sums, appRows] = await Promise.all([
    db
      .select({
        appId: answers.appId,
        used: sql<string>`coalesce(sum(${answers.units}), 0)`,
        promptTokens: sql<string>`coalesce(sum(${answers.promptTokens}), 0)`,
        completionTokens: sql<string>`coalesce(sum(${answers.completionTokens}), 0)`,
      })
      .from(answers)
      .where(answersWithin(scope, month.from, month.to))
      .groupBy(answers.appId),
    appsOfCustomersWithCustomerName(db, scope.all ? 'all' : scope.ids, lang),
  ]);
  const byApp = new Map(sums.map((s) => [s.appId, s]));
  const rows: RoleUsage[] = appRows.map((app) => {
    const s = byApp.get(app.id);
    byApp.delete(app.id);
    return {
      roleKey: String(app.id),
      roleName: app.name,
      appId: app.id,
      customerId: app.customerId,
      customerName: app.customerName,
      used: Number(s?.used ?? 0),
      promptTokens: Number(s?.promptTokens ?? 0),
      completionTokens: Number(s?.completionTokens ?? 0),
    };
  });
  // Answers whose app is gone (or never had one) still count against the quota: shown as one row.
  const gone = [...byApp.values()];
  if (gone.length) {
    rows.push({
      roleKey: 'none',
      roleName: '',
      appId: null,
      customerId: null,
      customerName: null,
      used: gone.reduce((n, s) => n + Number(s.used), 0),
      promptTokens: gone.reduce((n, s) => n + Number(s.promptTokens), 0),
      completionTokens: gone.reduce((n, s) => n + Number(s.completionTokens), 0),
    });
  }
  return rows.sort((a, b) => b.used - a.used);
}

/** The last 7 days, today included, zeros filled: one range read, one sum per day (over the report's customers). */
export async function usageTrend(db: Db, auth: AuthContext, query: UsageQuery, now: Date): Promise<UsageTrendPoint[]> {
  const scope = await usageCustomers(db, auth, query.customerId);
  const days = trendDays(now);
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const perDay = Object.fromEntries(
    days.map((day, i) => [
      `d${i}`,
      sql<string>`coalesce(sum(${answers.units}) filter (where ${answers.createdAt} >= ${day.from} and ${answers.createdAt} < ${day.to}), 0)`,
    ]),
  );
  const [row = {}] = await db
    .select(perDay)
    .from(answers)
    .where(answersWithin(scope, first.from, last.to));
  const sums = row as Record<string, string | number | undefined>;
  return days.map((day, i) => ({ date: day.date, used: Number(sums[`d${i}`] ?? 0) }));
}

/**
 * A quota is a limit set from above: by someone who reaches every customer, or on a customer below
 * the caller's own. A customer's administrator never lifts their own customer's quota, nor that of
 * a customer above it (A0312 naming `customerId`).
 */
async function assertQuotaSettable(db: Db, auth: AuthContext, customerId: number): Promise<void> {
  // One read answers both: no ancestors means no such customer.
  const ancestors = await customerAncestors(db, customerId);
  if (!ancestors || !inScope(auth, customerId)) refuseCustomer();
  if (!auth.dataScope.all && !ancestors.includes(auth.customerId)) {
    throw AppError.field('A0312', 'customerId', 'ownQuota');
  }
}

/**
 * Sets the customer's quota from this month on (null: unlimited; 0: no answers). Earlier months
 * keep theirs, so last month's remaining is read against the quota that was in force then.
 */
export async function setQuota(db: Db, auth: AuthContext, input: UsageQuotaInput, now: Date) {
  await assertQuotaSettable(db, auth, input.customerId);
  await saveQuota(db, input.customerId, monthOf(now).key, input.quota, auth.userId);
  return companyUsage(db, auth, { customerId: input.customerId }, now);
}
