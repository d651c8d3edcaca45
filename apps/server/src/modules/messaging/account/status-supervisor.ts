import type PgBoss from 'pg-boss';
import { createQueue, QUEUES, scheduleQueue, stopWorking, workOn } from '../../../jobs/queues';
import { type StatusDeps, superviseAccounts } from './account-status';
import { purgeLoginSessions } from './chat-login.service';

/** One beat: every account the gateway can change is checked; old login sessions are removed. */
export async function runStatusBeat(deps: StatusDeps): Promise<void> {
  const result = await superviseAccounts(deps);
  const purged = await purgeLoginSessions(deps.db);
  if (result.changed.length || purged) {
    deps.logger?.info({ ...result, purgedLoginSessions: purged }, 'gateway status sync');
  }
}

/**
 * The login supervisor on pg-boss: a schedule (which fires on one instance only, however many
 * consoles share the database) and a worker. Every transition is a compare-and-set, so a beat
 * that overlaps a manual sync or a callback still alerts once per drop. Returns a function that
 * stops this instance's worker.
 */
export async function startStatusSupervisor(boss: PgBoss, deps: StatusDeps): Promise<() => Promise<void>> {
  // Singleton: a beat still checking a slow gateway is not joined by the next one. Made once,
  // whichever instance starts first (jobs/boss.ts creates queues one at a time).
  // Once a minute (the catalogue's cron): a drop shows (and is mailed) within about a minute
  // without anyone pressing sync.
  await createQueue(boss, QUEUES.gatewayStatus, { policy: 'singleton' });
  await scheduleQueue(boss, QUEUES.gatewayStatus, { expireInSeconds: 5 * 60 });
  await workOn(boss, QUEUES.gatewayStatus, {}, async () => {
    await runStatusBeat(deps);
  });
  return async () => {
    await stopWorking(boss, QUEUES.gatewayStatus);
  };
}
