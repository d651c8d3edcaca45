import type { JobLog, JobLogPageQuery, KeysetPageResult } from '@agent-console/contracts';
import { jobLogPageQuerySchema } from '@agent-console/contracts';
import { and, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { jobLogs } from '../../db/schema';
import { scopeCondition } from '../../http/data-scope';
import { type KeysetSpec, keysetPage } from '../../http/keyset';
import { countCapped } from '../../http/paging';
import type { AuthContext } from '../../http/request-context';

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

/** Run history (the dispatch log), limited to the caller's data scope like the jobs themselves. */
export function pageJobLogs(db: Db, auth: AuthContext, query: JobLogPageQuery): Promise<KeysetPageResult<JobLog>> {
  const q = jobLogPageQuerySchema.parse(query);
  const conditions: (SQL | undefined)[] = [scopeCondition(auth, jobLogs.customerId, jobLogs.ownerUserId)];
  if (q.jobId) conditions.push(eq(jobLogs.jobId, q.jobId));
  if (q.jobName) conditions.push(ilike(jobLogs.jobName, containsPattern(q.jobName)));
  if (q.handler) conditions.push(ilike(jobLogs.handler, containsPattern(q.handler)));
  if (q.status) conditions.push(eq(jobLogs.status, q.status));
  if (q.startedFrom) conditions.push(gte(jobLogs.startedAt, new Date(q.startedFrom)));
  if (q.startedTo) conditions.push(lte(jobLogs.startedAt, new Date(q.startedTo)));
  const where = and(...conditions);
  return keysetPage(KEYSET, q, {
    rows: (page) =>
      db
        .select({ log: jobLogs, sortKey: page.sortKey })
        .from(jobLogs)
        .where(and(where, page.where))
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset)
        .execute(page.values),
    toDto: (row) => toJobLog(row.log),
    count: () => countCapped(db, jobLogs, where),
  });
}
