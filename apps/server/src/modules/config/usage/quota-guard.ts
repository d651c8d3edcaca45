import type { Db, Executor } from '../../../db/client';
import { usageAlerts } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { MailDeps } from '../../notify/mail/mail-settings';
import { notifyInBackground } from '../../notify/mail/notify';
import { quotaOfMonth } from './usage.repo';
import { monthOf, type Period } from './usage-period';

/** The error of an answer refused because the month's quota is used up (no field: nothing to fix). */
export const QUOTA_USED_UP = 'A0605';

export function isQuotaUsedUp(err: unknown): boolean {
  return err instanceof AppError && err.code === QUOTA_USED_UP;
}

/** What the guard found: the month's quota (null: unlimited) and its use before this answer. */
export interface QuotaCheck {
  customerId: number;
  monthKey: string;
  quota: number | null;
  used: number;
}

/**
 * The answer units a customer used in a period. The agent counts its answers (agent/answer
 * `answerUnitsIn`) and hands the count in: it checks the quota before answering, so this
 * feature, below it, cannot import it.
 */
export type UnitsUsed = (db: Executor, customerId: number, period: Period) => Promise<number>;

export interface QuotaDeps {
  db: Db;
  /** Whom quota mails are sent with; without it the thresholds are still remembered, only not mailed. */
  mail?: MailDeps | undefined;
  unitsUsed: UnitsUsed;
}

/** The thresholds mailed (WAVE2 §15.6, §15.9). */
const THRESHOLDS = [80, 100] as const;

/**
 * Checked by the answering pipeline before every answer (WAVE2 §15.6): with the customer's use
 * this month at or over its quota, the answer is refused with A0605 (and the 100 % mail goes out
 * if it has not yet). Unlimited customers cost one primary-key read; limited ones also one range
 * read of the answers' (customer, created_at) index. Two answers racing past the last unit may
 * both be given: the quota is a business limit, not a lock.
 */
export async function checkQuota(deps: QuotaDeps, customerId: number, now: Date): Promise<QuotaCheck> {
  const month = monthOf(now);
  const quota = await quotaOfMonth(deps.db, customerId, month.key);
  if (quota === null) return { customerId, monthKey: month.key, quota, used: 0 };
  const used = await deps.unitsUsed(deps.db, customerId, month);
  const check = { customerId, monthKey: month.key, quota, used };
  if (used >= quota) {
    await quotaAlerts(deps, check, used);
    throw new AppError(QUOTA_USED_UP);
  }
  return check;
}

/**
 * After an answer: each threshold the use has now reached is remembered for the month (a
 * primary key makes it once, even when answers race) and, the first time, mailed. The mail goes
 * out in the background: an answer never waits for an SMTP server. A quota of 0 has no
 * percentages, and nothing is ever answered under it.
 */
export async function quotaAlerts(deps: QuotaDeps, check: QuotaCheck, usedNow: number): Promise<void> {
  const { quota } = check;
  if (quota === null || quota <= 0) return;
  for (const percent of THRESHOLDS) {
    if (usedNow * 100 < percent * quota) continue;
    const [fresh] = await deps.db
      .insert(usageAlerts)
      .values({ customerId: check.customerId, month: check.monthKey, percent })
      .onConflictDoNothing()
      .returning({ percent: usageAlerts.percent });
    if (!fresh) continue;
    if (!deps.mail) continue;
    notifyInBackground(deps.mail, { kind: 'usage-quota', customerId: check.customerId, percent, used: usedNow, quota });
  }
}
