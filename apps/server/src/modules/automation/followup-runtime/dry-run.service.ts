import type { FollowupDryRun, FollowupSweepResult } from '@agent-console/contracts';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import type { PacingPolicy } from '../../messaging/outbox/pacing-policy';
import { assertOwnInScope } from './owner-scope';
import { planRobot, sendsToMake } from './plan';
import { type SweepDeps, sweepRobot } from './sweep';

/**
 * Who the robot's next sweep would write to at `now`, and with what — the same plan the sweep
 * carries out (one send per contact, up to what the daily cap leaves), with nothing written.
 */
export async function dryRun(
  db: Db,
  auth: AuthContext,
  robotId: number,
  now: Date,
  pacing?: Partial<PacingPolicy>,
): Promise<FollowupDryRun> {
  await assertOwnInScope(db, auth, { robotId });
  const plan = await planRobot(db, robotId, now, { pacing });
  if (!plan) throw AppError.notFound();
  return {
    robotId,
    enabled: plan.active,
    heldBecause: plan.held,
    capLeft: plan.capLeft,
    budget: plan.budget,
    rows: sendsToMake(plan).map((s) => ({
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
  await assertOwnInScope(deps.db, auth, { robotId });
  const result = await sweepRobot(deps, robotId, now);
  return { queued: result.queued, heldBecause: result.held };
}
