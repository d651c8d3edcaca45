import { type FollowupHoldReason, type FollowupTrigger, minutesOfDay, type SendBudget } from '@agent-console/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { followupSends, type StoredFollowupStep } from '../../../db/schema';
import { SERVER_TIME_ZONE, wallTime, withinMinutes } from '../../../lib/zoned-time';
import { type PacingPolicy, pacingPolicyOf } from '../../messaging/outbox/pacing-policy';
import { readBudget } from '../../messaging/outbox/send-budget';
import { enabledStrategiesOfRobot, type FollowupRobotRow, robotWithAccount } from '../followup/followup.repo';
import { contactFacts } from './contact-facts';
import { type ContactFacts, type DueStep, nextStep } from './next-step';

/** One send the sweep would make now. */
export interface PlannedSend {
  strategyId: number;
  strategyName: string;
  contact: Pick<ContactFacts, 'contactId' | 'wcId' | 'nickname'>;
  step: number;
  content: StoredFollowupStep;
  dueSince: Date;
}

/** What a robot would do at `now`: why nothing (if so), how many it may still send today, and whom. */
export interface RobotPlan {
  robot: FollowupRobotRow;
  account: { id: number; customerId: number; wcId: string; online: boolean; appId: number | null };
  timeZone: string;
  /** Enabled, with at least one enabled strategy it may run: otherwise the sweep passes it by. */
  active: boolean;
  held: FollowupHoldReason | null;
  /** Sends left today: the robot's own cap, and no more than the account's budget leaves campaigns. */
  capLeft: number;
  budget: SendBudget;
  sends: PlannedSend[];
}

/**
 * What a sweep sends of a plan: at most one follow-up per contact (the first due of them), and no
 * more than the daily cap leaves. The dry run shows exactly these.
 */
export function sendsToMake(plan: RobotPlan): PlannedSend[] {
  const contacted = new Set<number>();
  const sends = plan.sends.filter((s) => {
    if (contacted.has(s.contact.contactId)) return false;
    contacted.add(s.contact.contactId);
    return true;
  });
  return sends.slice(0, plan.capLeft);
}

/**
 * The robot's plan at `now`, read only (the dry run shows it; the sweep carries it out under the
 * robot's row lock). Time windows are the customer's: working hours gate the robot, quiet hours
 * gate each strategy; the daily cap counts the robot's sends planned today (skipped ones not), and
 * the account's send budget stops the robot where the customer's reply reserve begins.
 * Contacts due longest come first, strategy by strategy in the robot's order, up to the cap.
 * `lock` takes the robot's row for update first, so two sweeps of one robot run one after the
 * other and the second sees what the first planned.
 */
export async function planRobot(
  tx: Executor,
  robotId: number,
  now: Date,
  opts: { lock?: boolean; pacing?: Partial<PacingPolicy> | undefined } = {},
): Promise<RobotPlan | null> {
  const row = await robotWithAccount(tx, robotId, opts.lock ?? false);
  if (!row) return null;
  const timeZone = row.timeZone ?? SERVER_TIME_ZONE;
  const wall = wallTime(now, timeZone);
  const { loginStatus, ...account } = row.account;
  const strategies = await enabledStrategiesOfRobot(tx, robotId, account.appId);
  const sentToday = await tx.$count(
    followupSends,
    and(
      eq(followupSends.robotId, robotId),
      ne(followupSends.status, 'skipped'),
      sql`(${followupSends.plannedAt} at time zone ${timeZone})::date = ${wall.day}::date`,
    ),
  );
  const robotLeft = Math.max(0, row.robot.dailyCap - sentToday);
  const budget = await readBudget(tx, pacingPolicyOf(opts.pacing), account.id, now);
  const plan: RobotPlan = {
    robot: row.robot,
    account: { ...account, online: loginStatus === 'online' },
    timeZone,
    active: row.robot.enabled && strategies.length > 0,
    held: null,
    capLeft: Math.min(robotLeft, budget.campaignLeft),
    budget,
    sends: [],
  };
  if (!plan.account.online) plan.held = 'accountOffline';
  else if (!withinMinutes(wall.minutes, minutesOfDay(row.robot.workStart), minutesOfDay(row.robot.workEnd))) {
    plan.held = 'outsideWorkingHours';
  } else if (robotLeft === 0) plan.held = 'dailyCapReached';
  else if (plan.capLeft === 0) plan.held = 'replyReserve';

  let quiet = 0;
  for (const strategy of strategies) {
    if (
      strategy.quietStart &&
      strategy.quietEnd &&
      withinMinutes(wall.minutes, minutesOfDay(strategy.quietStart), minutesOfDay(strategy.quietEnd))
    ) {
      quiet++;
      continue;
    }
    const rule = { ...strategy, triggerType: strategy.triggerType as FollowupTrigger };
    const facts = await contactFacts(tx, {
      strategyId: strategy.id,
      accountId: account.id,
      triggerType: rule.triggerType,
      triggerLabel: strategy.triggerLabel,
      audienceLabels: strategy.audienceLabels,
      now,
    });
    const due = facts
      .map((f) => ({ f, next: nextStep(rule, f, now) }))
      .filter((d): d is { f: ContactFacts; next: DueStep } => d.next !== null)
      .sort((a, b) => a.next.dueSince.getTime() - b.next.dueSince.getTime());
    for (const { f, next } of due) {
      const content = strategy.steps[next.step - 1];
      if (!content) continue;
      plan.sends.push({
        strategyId: strategy.id,
        strategyName: strategy.name,
        contact: { contactId: f.contactId, wcId: f.wcId, nickname: f.nickname },
        step: next.step,
        content,
        dueSince: next.dueSince,
      });
    }
  }
  if (!plan.held && quiet > 0 && quiet === strategies.length) plan.held = 'quietHours';
  return plan;
}
