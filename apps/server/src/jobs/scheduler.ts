import type { MisfirePolicy } from '@agent-console/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { fireTimesBetween, latestFireTime } from './cron';
import type { JobServices } from './registry';
import { type JobTrigger, runJob } from './runner';

/** One queue receives every run (scheduled or "run now"); any instance's worker may take it. */
export const JOB_RUN_QUEUE = 'system-job-run';
/** pg-boss fires this once a minute on exactly one instance; it decides which jobs are due. */
export const JOB_TICK_QUEUE = 'system-job-tick';

/** A fire time later than this when handled counts as missed (Quartz uses 60 s; pg-boss ticks every ~30 s). */
export const MISFIRE_THRESHOLD_MS = 90_000;
/** "Ignore misfires" replays missed fire times, but never more than this many at once. */
export const MAX_CATCH_UP_RUNS = 50;

export interface JobRunRequest {
  jobId: number;
  trigger: JobTrigger;
}

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

/**
 * One scheduler tick: for every enabled job, the fire times since its watermark are claimed with
 * a compare-and-set on `last_fire_at`, so with several instances (or a late duplicate tick) each
 * fire time is handled once; then the runs its misfire policy asks for are queued.
 */
export async function fireDueJobs(db: Db, now: Date, enqueue: Enqueue): Promise<number> {
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
  return queued;
}

async function ensureQueue(boss: PgBoss, name: string): Promise<void> {
  if (await boss.getQueue(name)) return;
  try {
    await boss.createQueue(name);
  } catch (err) {
    // Another instance created it at the same moment.
    if (!(await boss.getQueue(name))) throw err;
  }
}

/** Queues one run; without pg-boss (API tests, tools) the caller runs it in process instead. */
export async function enqueueJobRun(boss: PgBoss, run: JobRunRequest): Promise<void> {
  await boss.send(JOB_RUN_QUEUE, run, { retryLimit: 0, expireInSeconds: 60 * 60 });
}

/**
 * Wires scheduled jobs onto pg-boss: a once-a-minute tick (a pg-boss schedule, so it fires on one
 * instance only) and a worker for runs. Returns a function that stops this instance's workers.
 */
export async function startJobScheduler(
  db: Db,
  boss: PgBoss,
  services: JobServices = {},
): Promise<() => Promise<void>> {
  await ensureQueue(boss, JOB_RUN_QUEUE);
  await ensureQueue(boss, JOB_TICK_QUEUE);
  await boss.schedule(JOB_TICK_QUEUE, '* * * * *');
  await boss.work(JOB_TICK_QUEUE, async () => {
    await fireDueJobs(db, new Date(), (run) => enqueueJobRun(boss, run));
  });
  await boss.work<JobRunRequest>(JOB_RUN_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async (batch) => {
    for (const item of batch) await runJob(db, item.data.jobId, item.data.trigger, services);
  });
  return async () => {
    await boss.offWork(JOB_TICK_QUEUE);
    await boss.offWork(JOB_RUN_QUEUE);
  };
}
