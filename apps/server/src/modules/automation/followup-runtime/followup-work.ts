import type PgBoss from 'pg-boss';
import { createQueue, QUEUES, scheduleQueue, stopWorking, workOn } from '../../../jobs/queues';
import { type Clock, nowOf } from '../../../lib/clock';
import { type SweepDeps, sweepAll } from './sweep';

/**
 * Starts the minute sweep of every enabled robot (background.ts). The time it plans with is the
 * app's clock (the customer's working and quiet hours, the trigger's hours); a sweep is cheap to
 * repeat, so an expired or doubled job costs nothing but a read.
 */
export async function startFollowupWork(
  boss: PgBoss,
  deps: SweepDeps & { clock?: Clock | undefined },
): Promise<{ stop(): Promise<void> }> {
  await createQueue(boss, QUEUES.followupSweep);
  await workOn(boss, QUEUES.followupSweep, { pollingIntervalSeconds: 5 }, async () => {
    await sweepAll(deps, nowOf(deps));
  });
  await scheduleQueue(boss, QUEUES.followupSweep, { expireInSeconds: 5 * 60 });
  return {
    async stop() {
      await stopWorking(boss, QUEUES.followupSweep);
    },
  };
}
