import type { Job, JobInput, JobPageQuery, PageResult } from '@agent-console/contracts';
import { jobInputSchema, jobPageQuerySchema } from '@agent-console/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db, Executor } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { jobs } from '../../../db/schema';
import { assertInScope, scopeCondition } from '../../../http/data-scope';
import { foundInScope } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { firesAtMostOncePerMinute, isValidCron, nextFireTimes } from '../../../jobs/cron';
import {
  assertHandlerAllowed,
  checkJobParams,
  findJobHandler,
  type JobServices,
  requireJobHandler,
} from '../../../jobs/registry';
import { runJob } from '../../../jobs/runner';
import { enqueueJobRun } from '../../../jobs/scheduler';
import { AppError } from '../../../lib/app-error';
import { lockCustomer } from '../customer/customer.repo';

type JobRow = typeof jobs.$inferSelect;

export function toJob(row: JobRow, now = new Date()): Job {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    group: row.group,
    handler: row.handler,
    params: row.params,
    cron: row.cron,
    misfirePolicy: row.misfirePolicy,
    concurrent: row.concurrent,
    enabled: row.enabled,
    remark: row.remark,
    nextFireTimes: row.enabled ? nextFireTimes(row.cron, now).map((d) => d.toISOString()) : [],
    lastFireAt: row.lastFireAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The five next fire times of a cron expression, or A0400 naming `cron`. */
export function previewCron(cron: string): string[] {
  if (!isValidCron(cron)) throw AppError.field('A0400', 'cron', 'invalidFormat');
  return nextFireTimes(cron, new Date()).map((d) => d.toISOString());
}

/**
 * Enabled jobs a customer may have when its owners lack data scope "all" (issue 31, hole 8):
 * with runs at most once a minute, at most 28,800 runs and log rows a day per customer.
 */
export const MAX_ENABLED_JOBS_PER_CUSTOMER = 20;

/**
 * Handler by registered name, params by its schema, cron by the parser: nothing else can run.
 * Without data scope "all", product-wide handlers are refused and a job fires at most once a
 * minute (issue 31).
 */
function checkedInput(auth: AuthContext, input: JobInput) {
  const data = jobInputSchema.parse(input);
  const productWide = auth.dataScope.all;
  const handler = requireJobHandler(data.handler, productWide);
  if (!isValidCron(data.cron)) throw AppError.field('A0400', 'cron', 'invalidFormat');
  if (!productWide && !firesAtMostOncePerMinute(data.cron)) throw AppError.field('A0400', 'cron', 'tooFrequent');
  const params = checkJobParams(handler, data.params) as Record<string, unknown>;
  return { ...data, params, remark: data.remark ?? null };
}

/** A job whose handler acts on every customer is changed and run only with data scope "all". */
function assertJobManageable(auth: AuthContext, row: JobRow): void {
  assertHandlerAllowed(findJobHandler(row.handler), auth.dataScope.all);
}

/**
 * Refuses to enable one more job of `customerId` past MAX_ENABLED_JOBS_PER_CUSTOMER, for a caller
 * without data scope "all". The customer's row is locked first, so two enables at once are
 * counted one after the other.
 */
async function assertRoomToEnable(tx: Executor, auth: AuthContext, customerId: number, exceptId?: number) {
  if (auth.dataScope.all) return;
  await lockCustomer(tx, customerId);
  const [row] = await tx
    .select({ n: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.customerId, customerId),
        eq(jobs.enabled, true),
        exceptId === undefined ? undefined : ne(jobs.id, exceptId),
      ),
    );
  if ((row?.n ?? 0) >= MAX_ENABLED_JOBS_PER_CUSTOMER) throw AppError.field('A0440', 'enabled', 'tooManyEnabled');
}

export async function pageJobs(db: Db, auth: AuthContext, query: JobPageQuery): Promise<PageResult<Job>> {
  const q = jobPageQuerySchema.parse(query);
  const conditions: (SQL | undefined)[] = [scopeCondition(auth, jobs.customerId, jobs.ownerUserId)];
  if (q.name) conditions.push(ilike(jobs.name, containsPattern(q.name)));
  if (q.handler) conditions.push(ilike(jobs.handler, containsPattern(q.handler)));
  if (q.group) conditions.push(eq(jobs.group, q.group));
  if (q.enabled !== undefined) conditions.push(eq(jobs.enabled, q.enabled));
  const where = and(...conditions);
  const now = new Date();
  return sortedPage(db, q, {
    select: db.select().from(jobs),
    where,
    table: jobs,
    sortable: { name: jobs.name, handler: jobs.handler, createdAt: jobs.createdAt, updatedAt: jobs.updatedAt },
    fallback: [desc(jobs.id)],
    toDto: (r) => toJob(r, now),
  });
}

/** Every job in the caller's scope (for pickers such as the log filter); capped like a page. */
export async function listJobs(db: Db, auth: AuthContext): Promise<Job[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(scopeCondition(auth, jobs.customerId, jobs.ownerUserId))
    .orderBy(asc(jobs.name), asc(jobs.id))
    .limit(500);
  const now = new Date();
  return rows.map((r) => toJob(r, now));
}

/** A job by id inside the caller's scope; outside it is "not found" (never "forbidden"). */
async function jobInScope(db: Db, auth: AuthContext, id: number): Promise<JobRow> {
  return foundInScope(auth, db.select().from(jobs).where(eq(jobs.id, id)));
}

export async function createJob(db: Db, auth: AuthContext, input: JobInput): Promise<Job> {
  const data = checkedInput(auth, input);
  const row = await db.transaction(async (tx) => {
    if (data.enabled) await assertRoomToEnable(tx, auth, auth.customerId);
    const [inserted] = await tx
      .insert(jobs)
      .values({ ...data, customerId: auth.customerId, ownerUserId: auth.userId, lastFireAt: new Date() })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('job insert returned nothing');
  return toJob(row);
}

export async function updateJob(db: Db, auth: AuthContext, id: number, input: JobInput): Promise<Job> {
  const current = await jobInScope(db, auth, id);
  assertJobManageable(auth, current);
  const data = checkedInput(auth, input);
  const now = new Date();
  // Enabling a job or changing its schedule starts counting fire times from now, so the change
  // never counts as missed fires.
  const restart = (data.enabled && !current.enabled) || data.cron !== current.cron;
  const [row] = await db.transaction(async (tx) => {
    if (data.enabled && !current.enabled) await assertRoomToEnable(tx, auth, current.customerId, id);
    return tx
      .update(jobs)
      .set({ ...data, updatedAt: now, ...(restart ? { lastFireAt: now } : {}) })
      .where(eq(jobs.id, id))
      .returning();
  });
  if (!row) throw AppError.notFound();
  return toJob(row, now);
}

export async function setJobEnabled(db: Db, auth: AuthContext, id: number, enabled: boolean): Promise<Job> {
  const current = await jobInScope(db, auth, id);
  assertJobManageable(auth, current);
  const now = new Date();
  // Enabled by someone without scope "all", it must fire at most once a minute, as if saved now.
  if (enabled && !auth.dataScope.all && !firesAtMostOncePerMinute(current.cron)) {
    throw AppError.field('A0400', 'cron', 'tooFrequent');
  }
  const [row] = await db.transaction(async (tx) => {
    if (enabled && !current.enabled) await assertRoomToEnable(tx, auth, current.customerId, id);
    return tx
      .update(jobs)
      .set({ enabled, updatedAt: now, ...(enabled && !current.enabled ? { lastFireAt: now } : {}) })
      .where(eq(jobs.id, id))
      .returning();
  });
  if (!row) throw AppError.notFound();
  return toJob(row, now);
}

/** All or nothing: an unknown id, or one outside the caller's scope, deletes nothing. */
export async function deleteJobs(db: Db, auth: AuthContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(jobs).where(inArray(jobs.id, unique));
  if (rows.length !== unique.length) throw AppError.notFound();
  for (const row of rows) assertInScope(auth, row.customerId, row.ownerUserId);
  await db.delete(jobs).where(inArray(jobs.id, unique));
}

/**
 * Run now: queued on pg-boss like a scheduled run, so whichever instance is free takes it; a
 * server without a job queue (API tests, tools) runs it in process and answers when done.
 */
export async function runJobNow(
  db: Db,
  auth: AuthContext,
  id: number,
  boss?: PgBoss,
  services: JobServices = {},
): Promise<{ queued: boolean }> {
  assertJobManageable(auth, await jobInScope(db, auth, id));
  if (boss) {
    await enqueueJobRun(boss, { jobId: id, trigger: 'manual' });
    return { queued: true };
  }
  await runJob(db, id, 'manual', services);
  return { queued: false };
}
