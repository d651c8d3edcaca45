import type { MisfirePolicy } from '@agent-console/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { ANY_TABLE, type ChangeFeed } from '../db/change-feed';
import type { Database, Db } from '../db/client';
import { jobs } from '../db/schema';
import { fireTimesBetween, latestFireTime, nextFireTimes } from './cron';
import { createQueue, type JobRunRequest, type JobTrigger, QUEUES, sendJob, stopWorking, workOn } from './queues';
import type { JobServices } from './registry';
import { runJob } from './runner';

/**
 * The pg-boss schedule that ticked once a minute before every instance ticked by itself; removed
 * at start from databases that still have it.
 */
const FORMER_TICK_QUEUE = 'system-job-tick';
/** The longest an instance sleeps between two looks at the jobs: a job another instance saved is seen by then. */
export const MAX_TICK_SLEEP_MS = 60_000;

/** A fire time later than this when handled counts as missed (Quartz uses 60 s). */
export const MISFIRE_THRESHOLD_MS = 90_000;
/** "Ignore misfires" replays missed fire times, but never more than this many at once. */
export const MAX_CATCH_UP_RUNS = 50;

export type Enqueue = (run: JobRunRequest) => Promise<void>;

/** Which runs a job's missed and on-time fire times produce, by its misfire policy. */
export function runsForFires(policy: MisfirePolicy, missed: number, onTime: boolean): JobTrigger[] {
  const runs: JobTrigger[] = [];
  if (missed > 0) {
    if (policy === 'ignoreMisfires')
      runs.push(...Array<JobTrigger>(Math.min(missed, MAX_CATCH_UP_RUNS)).fill('misfire'));
    // "default" is Quartz's smart policy for cron triggers: fire once now.
    else if (policy === 'default' || policy === 'fireOnce') runs.push('misfire');
  }
  if (onTime) runs.push('cron');
  return runs;
}

/** What one tick did, and when the next one is due. */
export interface TickResult {
  queued: number;
  /** Milliseconds to the earliest next fire time of an enabled job, at most MAX_TICK_SLEEP_MS. */
  sleepMs: number;
}

/**
 * One scheduler tick: for every enabled job, the fire times since its watermark are claimed with
 * a compare-and-set on `last_fire_at`, so with several instances (or a late duplicate tick) each
 * fire time is handled once; then the runs its misfire policy asks for are queued. The same read
 * of the enabled jobs tells when to tick next.
 */
export async function fireDueJobs(db: Db, now: Date, enqueue: Enqueue): Promise<TickResult> {
  const enabled = await db.select().from(jobs).where(eq(jobs.enabled, true));
  let queued = 0;
  for (const job of enabled) {
    const watermark = job.lastFireAt;
    if (!watermark) {
      // Enabled without a watermark (e.g. by SQL): start counting from now, never from the past.
      await db
        .update(jobs)
        .set({ lastFireAt: now })
        .where(and(eq(jobs.id, job.id), isNull(jobs.lastFireAt)));
      continue;
    }
    const latest = latestFireTime(job.cron, now);
    if (!latest || latest <= watermark) continue;

    const claimed = await db
      .update(jobs)
      .set({ lastFireAt: now })
      .where(and(eq(jobs.id, job.id), eq(jobs.lastFireAt, watermark), eq(jobs.enabled, true)))
      .returning({ id: jobs.id });
    if (!claimed.length) continue;

    const onTime = now.getTime() - latest.getTime() <= MISFIRE_THRESHOLD_MS;
    const due = fireTimesBetween(job.cron, watermark, now, MAX_CATCH_UP_RUNS + 1);
    // When more fire times were missed than we listed, the exact count no longer matters.
    const missed = Math.max(0, due.length - (onTime ? 1 : 0));
    for (const trigger of runsForFires(job.misfirePolicy, missed, onTime)) {
      await enqueue({ jobId: job.id, trigger });
      queued++;
    }
  }
  return { queued, sleepMs: sleepUntilNextFire(enabled, now) };
}

/**
 * Milliseconds from `now` to the earliest next fire time of `enabled`, at most MAX_TICK_SLEEP_MS
 * (a job saved by another instance is seen by then even if its change notice was missed).
 */
export function sleepUntilNextFire(enabled: readonly { cron: string }[], now: Date): number {
  let soonest = now.getTime() + MAX_TICK_SLEEP_MS;
  for (const { cron } of enabled) {
    const [next] = nextFireTimes(cron, now, 1);
    if (next && next.getTime() < soonest) soonest = next.getTime();
  }
  // A few milliseconds past the fire time, so that the tick finds it due.
  return Math.max(0, soonest - now.getTime()) + 5;
}

/** Queues one run; without pg-boss (API tests, tools) the caller runs it in process instead. */
export async function enqueueJobRun(boss: PgBoss, run: JobRunRequest): Promise<void> {
  await sendJob(boss, QUEUES.systemJobRun, run, { retryLimit: 0, expireInSeconds: 60 * 60 });
}

/**
 * The scheduler's ticks in this instance: at each fire time of an enabled job (and at least once
 * a minute) it runs `fireDueJobs`. Every instance ticks; the claim in `fireDueJobs` hands each
 * fire time to one of them, so a job due every few seconds runs once per fire however many
 * instances there are, and keeps running while any of them is up.
 */
function startTicks(changes: ChangeFeed, tick: (now: Date) => Promise<TickResult>, logger?: JobServices['logger']) {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  // A job saved on any instance may be due sooner than this instance's next tick.
  let changed = false;
  const unsubscribe = changes.subscribe((table) => {
    if (table !== 'jobs' && table !== ANY_TABLE) return;
    changed = true;
    wake?.();
  });
  const loop = async () => {
    while (!stopped) {
      changed = false;
      let pause = MAX_TICK_SLEEP_MS;
      try {
        const started = new Date();
        const { sleepMs } = await tick(started);
        // The sleep counts from the tick's start: the tick itself took some of it.
        pause = Math.max(0, sleepMs - (Date.now() - started.getTime()));
      } catch (err) {
        // The database may be back by the next tick; the claims catch up what was missed.
        logger?.warn({ err }, 'scheduled jobs: tick failed');
        pause = 5_000;
      }
      if (stopped) break;
      if (changed) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pause);
      });
      wake = null;
      if (timer) clearTimeout(timer);
    }
  };
  const done = loop();
  return async () => {
    stopped = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
    wake?.();
    await done;
  };
}

/**
 * Wires scheduled jobs: this instance's ticks and a pg-boss worker for runs (any instance's worker
 * takes a run). Returns a function that stops both.
 */
export async function startJobScheduler(
  database: Pick<Database, 'db' | 'changes'>,
  boss: PgBoss,
  services: JobServices = {},
): Promise<() => Promise<void>> {
  const { db } = database;
  // Made once, whichever instance starts first (jobs/boss.ts creates queues one at a time).
  await createQueue(boss, QUEUES.systemJobRun);
  await boss.unschedule(FORMER_TICK_QUEUE).catch(() => undefined);
  await workOn(boss, QUEUES.systemJobRun, { pollingIntervalSeconds: 1, batchSize: 1 }, async (batch) => {
    for (const item of batch) await runJob(db, item.data.jobId, item.data.trigger, services);
  });
  const stopTicks = startTicks(
    database.changes,
    (now) => fireDueJobs(db, now, (run) => enqueueJobRun(boss, run)),
    services.logger,
  );
  return async () => {
    await stopTicks();
    await stopWorking(boss, QUEUES.systemJobRun);
  };
}
