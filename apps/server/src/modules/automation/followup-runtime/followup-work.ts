import type PgBoss from 'pg-boss';
import { type Clock, nowOf } from '../../../lib/clock';
import { type SweepDeps, sweepAll } from './sweep';

/** The pg-boss queue of the follow-up sweeps (DESIGN §6), scheduled every minute. */
export const FOLLOWUP_SWEEP_QUEUE = 'followup-sweep';

/**
 * Starts the minute sweep of every enabled robot (background.ts). The time it plans with is the
 * app's clock (the customer's working and quiet hours, the trigger's hours); a sweep is cheap to
 * repeat, so an expired or doubled job costs nothing but a read.
 */
export async function startFollowupWork(
  boss: PgBoss,
  deps: SweepDeps & { clock?: Clock | undefined },
): Promise<{ stop(): Promise<void> }> {
  await boss.createQueue(FOLLOWUP_SWEEP_QUEUE);
  await boss.work(FOLLOWUP_SWEEP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    await sweepAll(deps, nowOf(deps));
  });
  await boss.schedule(FOLLOWUP_SWEEP_QUEUE, '* * * * *', {}, { expireInSeconds: 5 * 60 });
  return {
    async stop() {
      await boss.offWork(FOLLOWUP_SWEEP_QUEUE).catch(() => undefined);
    },
  };
}
