import type { JobLog, JobLogPageQuery, PageResult } from '@agent-console/contracts';
import { jobLogPageQuerySchema } from '@agent-console/contracts';
import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { jobLogs } from '../../db/schema';
import { scopeCondition } from '../../http/data-scope';
import { cappedPageResult, countCapped, orderByFrom, pageOffset } from '../../http/paging';
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

/** Run history (the dispatch log), limited to the caller's data scope like the jobs themselves. */
export async function pageJobLogs(db: Db, auth: AuthContext, query: JobLogPageQuery): Promise<PageResult<JobLog>> {
  const q = jobLogPageQuerySchema.parse(query);
  const conditions: (SQL | undefined)[] = [scopeCondition(auth, jobLogs.customerId, jobLogs.ownerUserId)];
  if (q.jobId) conditions.push(eq(jobLogs.jobId, q.jobId));
  if (q.jobName) conditions.push(ilike(jobLogs.jobName, containsPattern(q.jobName)));
  if (q.handler) conditions.push(ilike(jobLogs.handler, containsPattern(q.handler)));
  if (q.status) conditions.push(eq(jobLogs.status, q.status));
  if (q.startedFrom) conditions.push(gte(jobLogs.startedAt, new Date(q.startedFrom)));
  if (q.startedTo) conditions.push(lte(jobLogs.startedAt, new Date(q.startedTo)));
  const where = and(...conditions);
  const order = orderByFrom(
    { startedAt: jobLogs.startedAt, durationMs: jobLogs.durationMs, jobName: jobLogs.jobName },
    q.orderBy,
    [desc(jobLogs.id)],
  );
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(jobLogs)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    countCapped(db, jobLogs, where),
  ]);
  return cappedPageResult(rows.map(toJobLog), counted, q);
}
