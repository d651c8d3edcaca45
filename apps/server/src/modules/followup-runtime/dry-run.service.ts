import type { FollowupDryRun, FollowupSweepResult } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { followupRobots } from '../../db/schema';
import { assertInScope } from '../../http/data-scope';
import type { AuthContext } from '../../http/request-context';
import { AppError } from '../../lib/app-error';
import { planRobot } from './plan';
import { type SweepDeps, sweepRobot } from './sweep';

/** A robot of the caller's scope; not found otherwise (ids of others are not probed). */
async function robotInScope(db: Db, auth: AuthContext, robotId: number): Promise<void> {
  const [robot] = await db
    .select({ customerId: followupRobots.customerId })
    .from(followupRobots)
    .where(eq(followupRobots.id, robotId));
  if (!robot) throw AppError.notFound();
  assertInScope(auth, robot.customerId);
}

/**
 * Who the robot's next sweep would write to at `now`, and with what — the same plan the sweep
 * carries out (one send per contact, up to what the daily cap leaves), with nothing written.
 */
export async function dryRun(db: Db, auth: AuthContext, robotId: number, now: Date): Promise<FollowupDryRun> {
  await robotInScope(db, auth, robotId);
  const plan = await planRobot(db, robotId, now);
  if (!plan) throw AppError.notFound();
  const seen = new Set<number>();
  const rows = plan.sends.filter((s) => !seen.has(s.contact.contactId) && seen.add(s.contact.contactId));
  return {
    robotId,
    enabled: plan.active,
    heldBecause: plan.held,
    capLeft: plan.capLeft,
    rows: rows.slice(0, plan.capLeft).map((s) => ({
      strategyId: s.strategyId,
      strategyName: s.strategyName,
      contactId: s.contact.contactId,
      contactName: s.contact.nickname || s.contact.wcId,
      wcId: s.contact.wcId,
      step: s.step,
      type: s.content.type,
      preview: s.content.type === 'text' ? (s.content.text ?? '') : (s.content.fileName ?? ''),
      dueSince: s.dueSince.toISOString(),
    })),
  };
}

/** "Sweep now": the robot's sweep at once, under the same rules and keys as the minute sweep. */
export async function sweepNow(
  deps: SweepDeps,
  auth: AuthContext,
  robotId: number,
  now: Date,
): Promise<FollowupSweepResult> {
  await robotInScope(deps.db, auth, robotId);
  const result = await sweepRobot(deps, robotId, now);
  return { queued: result.queued, heldBecause: result.held };
}
