import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLogs, jobs } from '../db/schema';
import { AppError } from '../lib/app-error';
import { firesAtMostOncePerMinute } from './cron';
import { ownerActsProductWide } from './job-authority';
import type { JobTrigger } from './queues';
import { checkJobParams, findJobHandler, type JobServices } from './registry';

type LogRow = typeof jobLogs.$inferSelect;
type JobRow = typeof jobs.$inferSelect;

/** A run still "running" after this long was cut off (a crash or restart) and no longer blocks. */
export const STALE_RUN_MS = 60 * 60 * 1000;
const TEXT_CAP = 2000;

/**
 * Runs one job once and records it in job_logs: a row per run with status, message, error,
 * start, end and duration. A job that forbids concurrency gets at most one running row at a
 * time (a partial unique index), across every server instance; a run that finds one running is
 * logged as skipped.
 */
export async function runJob(
  db: Db,
  jobId: number,
  trigger: JobTrigger,
  services: JobServices = {},
): Promise<LogRow | null> {
  const { logger } = services;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) return null; // deleted between queueing and running
  const refused = await refusal(db, job);
  const base = {
    jobId: job.id,
    customerId: job.customerId,
    ownerUserId: job.ownerUserId,
    jobName: job.name,
    group: job.group,
    handler: job.handler,
    trigger,
  };

  if (refused) {
    // One log row says why; a job firing too often is switched off so it does not say it again.
    const now = new Date();
    if (refused.disable) await db.update(jobs).set({ enabled: false, updatedAt: now }).where(eq(jobs.id, job.id));
    const [row] = await db
      .insert(jobLogs)
      .values({ ...base, status: 'failed', error: refused.error, startedAt: now, finishedAt: now, durationMs: 0 })
      .returning();
    return row ?? null;
  }

  if (!job.concurrent) {
    await db
      .update(jobLogs)
      .set({ status: 'failed', error: 'interrupted', finishedAt: new Date() })
      .where(
        and(
          eq(jobLogs.jobId, job.id),
          eq(jobLogs.status, 'running'),
          lt(jobLogs.startedAt, new Date(Date.now() - STALE_RUN_MS)),
        ),
      );
  }
  const [started] = await db
    .insert(jobLogs)
    .values({ ...base, status: 'running', exclusive: !job.concurrent })
    .onConflictDoNothing()
    .returning();
  if (!started) {
    const now = new Date();
    const [skipped] = await db
      .insert(jobLogs)
      .values({
        ...base,
        status: 'skipped',
        message: 'previous run still running; concurrency is not allowed',
        startedAt: now,
        finishedAt: now,
        durationMs: 0,
      })
      .returning();
    return skipped ?? null;
  }

  const startedMs = Date.now();
  let status: 'success' | 'failed' = 'success';
  let message: string | null = null;
  let error: string | null = null;
  try {
    const handler = findJobHandler(job.handler);
    if (!handler) throw new Error(`handler "${job.handler}" is not registered`);
    const params = checkJobParams(handler, job.params);
    message = (await handler.run(params, { ...services, db, jobId: job.id, customerId: job.customerId })) ?? null;
  } catch (err) {
    status = 'failed';
    error = describeError(err);
    logger?.warn({ err, jobId: job.id }, 'scheduled job failed');
  }
  const finished = new Date();
  const [done] = await db
    .update(jobLogs)
    .set({
      status,
      message: message?.slice(0, TEXT_CAP) ?? null,
      error: error?.slice(0, TEXT_CAP) ?? null,
      finishedAt: finished,
      durationMs: Math.max(0, finished.getTime() - startedMs),
      exclusive: false,
    })
    .where(eq(jobLogs.id, started.id))
    .returning();
  return done ?? null;
}

/**
 * What the job's owner may no longer have it do (issue 31): a product-wide handler, or firing
 * more often than once a minute, needs an owner with data scope "all" at every run. Saving
 * refuses both already; this catches rows saved before the rule and owners who lost the scope.
 */
async function refusal(db: Db, job: JobRow): Promise<{ error: string; disable: boolean } | null> {
  const productWide = findJobHandler(job.handler)?.reach === 'product';
  const frequent = !firesAtMostOncePerMinute(job.cron);
  if ((!productWide && !frequent) || (await ownerActsProductWide(db, job.ownerUserId))) return null;
  return productWide
    ? { error: `handler "${job.handler}" acts on every customer; its owner needs data scope "all"`, disable: false }
    : { error: 'disabled: fires more often than once a minute; its owner needs data scope "all"', disable: true };
}

function describeError(err: unknown): string {
  if (err instanceof AppError) {
    const fields = (err.data as { fields?: { field: string; reason: string }[] } | null)?.fields;
    return fields?.length ? `${err.code}: ${fields.map((f) => `${f.field} ${f.reason}`).join(', ')}` : err.code;
  }
  return err instanceof Error ? err.message : String(err);
}
