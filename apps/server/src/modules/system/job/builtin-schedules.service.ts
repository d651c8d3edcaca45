import type { BuiltinSchedule } from '@agent-console/contracts/system-job';
import cronParser from 'cron-parser';
import { QUEUES, type Queue } from '../../../jobs/queues';

/**
 * The time zone pg-boss reads a schedule's cron in: its `tz` option, which `scheduleQueue` leaves
 * at pg-boss's default. (The console's own jobs are read in the server's zone, jobs/cron.ts.)
 */
const PG_BOSS_TIME_ZONE = 'UTC';

/** The next time pg-boss fires `cron` after `now`, with its own library and zone; null if never. */
function nextFireAt(cron: string, now: Date): string | null {
  try {
    const interval = cronParser.parseExpression(cron, { currentDate: now, tz: PG_BOSS_TIME_ZONE });
    return interval.hasNext() ? interval.next().toDate().toISOString() : null;
  } catch {
    return null;
  }
}

/**
 * The schedules pg-boss fires by itself, as the job screen shows them (read-only): every queue of
 * the catalogue that has a cron, in the catalogue's order, so a new one appears without a second
 * list. The key is the queue's name; the web words it in each language.
 */
export function listBuiltinSchedules(now = new Date()): BuiltinSchedule[] {
  const queues: readonly Queue<object>[] = Object.values(QUEUES);
  return queues.flatMap((q) => (q.cron ? [{ key: q.name, cron: q.cron, nextFireAt: nextFireAt(q.cron, now) }] : []));
}
