import type {
  KeysetPageResult,
  Language,
  OperationLog,
  OperationLogFilter,
  OperationLogPageRequest,
} from '@agent-console/contracts';
import { and, count, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { customerName } from '../../db/builtin-names';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { customers, operationLogs } from '../../db/schema';
import { scopeCondition } from '../../http/data-scope';
import { keysetBatches } from '../../http/export-batches';
import { type KeysetSpec, type KeysetWindow, keysetPage } from '../../http/keyset';
import { countCapped } from '../../http/paging';
import type { AuthContext } from '../../http/request-context';
import { AppError } from '../../lib/app-error';

const SORT_COLUMNS = {
  createdAt: operationLogs.createdAt,
  costMs: operationLogs.costMs,
  title: operationLogs.title,
  username: operationLogs.username,
};
const KEYSET: KeysetSpec = {
  columns: SORT_COLUMNS,
  id: operationLogs.id,
  fallback: { field: 'createdAt', direction: 'desc' },
};

function whereOf(auth: AuthContext, filter: OperationLogFilter): SQL | undefined {
  const parts: Array<SQL | undefined> = [scopeCondition(auth, operationLogs.customerId, operationLogs.userId)];
  if (filter.title) parts.push(ilike(operationLogs.title, containsPattern(filter.title)));
  // Exact (case-insensitive) so that it uses the (lower(username), created_at) index.
  if (filter.username) parts.push(sql`lower(${operationLogs.username}) = ${filter.username.toLowerCase()}`);
  if (filter.businessType) parts.push(eq(operationLogs.businessType, filter.businessType));
  if (filter.status) parts.push(eq(operationLogs.status, filter.status));
  if (filter.beginTime) parts.push(gte(operationLogs.createdAt, new Date(filter.beginTime)));
  if (filter.endTime) parts.push(lte(operationLogs.createdAt, new Date(filter.endTime)));
  return and(...parts);
}

function toDto(row: { log: typeof operationLogs.$inferSelect; customerName: string | null }): OperationLog {
  const { log } = row;
  return { ...log, customerName: row.customerName, createdAt: log.createdAt.toISOString() };
}

/** The list's rows in one keyset window: the pages' and the export's. */
function windowRows(db: Db, where: SQL | undefined, lang: Language) {
  return (page: KeysetWindow) =>
    db
      .select({ log: operationLogs, customerName: customerName(lang), sortKey: page.sortKey })
      .from(operationLogs)
      .leftJoin(customers, eq(customers.id, operationLogs.customerId))
      .where(and(where, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset);
}

export function pageOperationLogs(
  db: Db,
  auth: AuthContext,
  req: OperationLogPageRequest,
  lang: Language,
): Promise<KeysetPageResult<OperationLog>> {
  const where = whereOf(auth, req);
  return keysetPage(KEYSET, req, {
    rows: windowRows(db, where, lang),
    toDto,
    count: () => countCapped(db, operationLogs, where),
  });
}

/** The export's rows: the list's filters and order, a batch at a time as the file is written, at most `limit`. */
export function operationLogExportBatches(
  db: Db,
  auth: AuthContext,
  filter: OperationLogFilter,
  limit: number,
  lang: Language,
) {
  return keysetBatches(KEYSET, filter.orderBy, { rows: windowRows(db, whereOf(auth, filter), lang), toDto }, limit);
}

/** Deletes the given rows; an id outside the caller's scope fails the whole call (A0404). */
export async function deleteOperationLogs(db: Db, auth: AuthContext, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const where = and(
    inArray(operationLogs.id, unique),
    scopeCondition(auth, operationLogs.customerId, operationLogs.userId),
  );
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: operationLogs.id }).from(operationLogs).where(where);
    if (found.length !== unique.length) throw AppError.notFound();
    await tx.delete(operationLogs).where(where);
    return found.length;
  });
}

/** Empties the log within the caller's scope; counted first, since RETURNING a million ids is waste. */
export async function cleanOperationLogs(db: Db, auth: AuthContext): Promise<number> {
  const where = scopeCondition(auth, operationLogs.customerId, operationLogs.userId);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(operationLogs).where(where);
    await tx.delete(operationLogs).where(where);
    return row?.n ?? 0;
  });
}
