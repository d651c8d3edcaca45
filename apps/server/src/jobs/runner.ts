import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLogs, jobs } from '../db/schema';
import { AppError } from '../lib/app-error';
import { checkJobParams, findJobHandler, type JobServices } from './registry';

export type JobTrigger = 'cron' | 'misfire' | 'manual';
type LogRow = typeof jobLogs.$inferSelect;

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
  const base = {
    jobId: job.id,
    customerId: job.customerId,
    ownerUserId: job.ownerUserId,
    jobName: job.name,
    group: job.group,
    handler: job.handler,
    trigger,
  };

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

function describeError(err: unknown): string {
  if (err instanceof AppError) {
    const fields = (err.data as { fields?: { field: string; reason: string }[] } | null)?.fields;
    return fields?.length ? `${err.code}: ${fields.map((f) => `${f.field} ${f.reason}`).join(', ')}` : err.code;
  }
  return err instanceof Error ? err.message : String(err);
}
