import type { JobLog, JobLogPageQuery, KeysetPageResult } from '@agent-console/contracts';
import { jobLogPageQuerySchema } from '@agent-console/contracts';
import { and, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { jobLogs } from '../../../db/schema';
import { keptKeysetSource, keptListStatements } from '../../../http/kept-keyset-source';
import { type KeysetSpec, keysetPage } from '../../../http/keyset';
import { ListConditions } from '../../../http/list-conditions';
import { rowsOf } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';

function toJobLog(row: typeof jobLogs.$inferSelect): JobLog {
  return {
    id: row.id,
    jobId: row.jobId,
    jobName: row.jobName,
    group: row.group,
    handler: row.handler,
    trigger: row.trigger,
    status: row.status,
    message: row.message,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
  };
}

/** Newest run first unless a column is asked for; ties by id in the column's direction. */
const KEYSET: KeysetSpec = {
  columns: { startedAt: jobLogs.startedAt, durationMs: jobLogs.durationMs, jobName: jobLogs.jobName, id: jobLogs.id },
  id: jobLogs.id,
  fallback: { field: 'id', direction: 'desc' },
};

const STATEMENTS = keptListStatements('job_log');

/** Run history (the dispatch log), limited to the caller's data scope like the jobs themselves. */
export function pageJobLogs(db: Db, auth: AuthContext, query: JobLogPageQuery): Promise<KeysetPageResult<JobLog>> {
  const q = jobLogPageQuerySchema.parse(query);
  const where = new ListConditions()
    .scope(auth, jobLogs.customerId, jobLogs.ownerUserId)
    .when('jobId', q.jobId || undefined, (p) => eq(jobLogs.jobId, p))
    .when('jobName', q.jobName && containsPattern(q.jobName), (p) => ilike(jobLogs.jobName, p))
    .when('handler', q.handler && containsPattern(q.handler), (p) => ilike(jobLogs.handler, p))
    .when('status', q.status, (p) => eq(jobLogs.status, p))
    .when('startedFrom', q.startedFrom, (p) => sql`${jobLogs.startedAt} >= ${p}::timestamptz`)
    .when('startedTo', q.startedTo, (p) => sql`${jobLogs.startedAt} <= ${p}::timestamptz`);
  return keysetPage(
    KEYSET,
    q,
    keptKeysetSource({
      db,
      statements: STATEMENTS,
      where,
      countRows: (condition) => rowsOf(db, jobLogs, condition),
      toDto: (row: { log: typeof jobLogs.$inferSelect }) => toJobLog(row.log),
      query: (page, cappedCount) =>
        db
          .select({ log: jobLogs, sortKey: page.sortKey, cappedCount })
          .from(jobLogs)
          .where(and(where.condition, page.where))
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
    }),
  );
}
