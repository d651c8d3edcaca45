import type { FollowupSkipReason } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import { followupSends } from '../../../db/schema';
import type { PacingPolicy } from '../../messaging/outbox/pacing-policy';
import { insertQueuedMessages, wakeSenders } from '../../messaging/outbox/send-queue';
import { welcomeSends } from '../auto-reply/friend-request';
import { enabledRobotIds } from '../followup/followup.repo';
import { planRobot, type RobotPlan, sendsToMake } from './plan';

export interface SweepDeps {
  db: Db;
  /** Absent in tests without jobs: the rows are written and the chat senders' sweep wakes them. */
  boss?: PgBoss | undefined;
  logger?: FastifyBaseLogger | undefined;
  /** Overrides of the pacing policy (the account's daily cap the budget is drawn from). */
  pacing?: Partial<PacingPolicy> | undefined;
}

/** What one robot's sweep did. */
export interface SweepResult {
  queued: number;
  held: RobotPlan['held'];
}

/**
 * Carries out one robot's plan at `now`, in one transaction under the robot's row lock: each
 * send is first claimed by inserting its key (strategy, contact, step) — a key already there
 * means another sweep, or this one before a crash, planned it, and nothing more happens — then
 * queued through the one send queue, whose pacing governor spaces it at the gateway's safe rate.
 * One contact gets at most one follow-up per sweep. The senders are woken after the commit; were
 * the process to die in between, the chat senders' own minute sweep finds the queued rows.
 */
export async function sweepRobot(deps: SweepDeps, robotId: number, now: Date): Promise<SweepResult> {
  const woken: { accountId: number; messageId: number }[] = [];
  const held = await deps.db.transaction(async (tx) => {
    const plan = await planRobot(tx, robotId, now, { lock: true, pacing: deps.pacing });
    if (!plan?.active) return null;
    if (plan.held) {
      if (plan.held === 'replyReserve' && sendsToMakeUncapped(plan) > 0) {
        deps.logger?.info(
          { robotId, accountId: plan.account.id, budget: plan.budget },
          "follow-up sweep stopped at the account's reply reserve: the sends left today are kept for replies",
        );
      }
      return plan.held;
    }
    for (const send of sendsToMake(plan)) {
      const [claimed] = await tx
        .insert(followupSends)
        .values({
          customerId: plan.account.customerId,
          strategyId: send.strategyId,
          strategyName: send.strategyName,
          robotId,
          accountId: plan.account.id,
          contactId: send.contact.contactId,
          step: send.step,
          plannedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: followupSends.id });
      if (!claimed) continue;
      const target = {
        customerId: plan.account.customerId,
        accountId: plan.account.id,
        contactId: send.contact.contactId,
        peerWcId: send.contact.wcId,
      };
      const [messageId] = await insertQueuedMessages(tx, welcomeSends([send.content], target, 'followup'));
      if (messageId === undefined) {
        // A step whose file is gone has nothing to send: the sequence ends here, visibly.
        await tx
          .update(followupSends)
          .set({ status: 'skipped', reason: 'nothingToSend' satisfies FollowupSkipReason })
          .where(eq(followupSends.id, claimed.id));
        continue;
      }
      await tx.update(followupSends).set({ messageId }).where(eq(followupSends.id, claimed.id));
      woken.push({ accountId: plan.account.id, messageId });
    }
    return null;
  });
  if (woken.length && deps.boss) await wakeSenders(deps.boss, woken);
  return { queued: woken.length, held };
}

/** How many sends the plan would make were there no cap (the log says what the reserve held back). */
const sendsToMakeUncapped = (plan: RobotPlan) => sendsToMake({ ...plan, capLeft: Number.POSITIVE_INFINITY }).length;

/** The minute sweep: every enabled robot, one after the other; one robot's failure does not stop the rest. */
export async function sweepAll(deps: SweepDeps, now: Date): Promise<number> {
  const robots = await enabledRobotIds(deps.db);
  let queued = 0;
  for (const id of robots) {
    try {
      queued += (await sweepRobot(deps, id, now)).queued;
    } catch (err) {
      deps.logger?.warn({ err, robotId: id }, 'follow-up sweep of a robot failed; tried again next minute');
    }
  }
  return queued;
}
