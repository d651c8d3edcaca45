import type { PageResult } from '@agent-console/contracts';
import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

export function pageOffset({ pageNum, pageSize }: PageRequest): number {
  return (pageNum - 1) * pageSize;
}

export function pageResult<T>(list: T[], total: number, page: PageRequest): PageResult<T> {
  return { list, total, pageNum: page.pageNum, pageSize: page.pageSize };
}

/**
 * Log tables grow to millions of rows, and an exact count(*) of them costs more than the page
 * itself (about 100 ms per call for a million rows, so a busy log screen queues up). Lists over
 * such tables count at most this many matching rows.
 */
export const COUNT_CAP = 10_000;

/** Counts the rows matching `where`, stopping after COUNT_CAP + 1; `exact` says it did not stop. */
export async function countCapped(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ n: number; exact: boolean }> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  const n = row?.n ?? 0;
  return { n, exact: n <= COUNT_CAP };
}

/**
 * A page whose total may be a lower bound. When the count stopped at the cap, the total is at
 * least what this page proves exists (its offset plus its rows, plus one when the page is full so
 * that the pager offers the next page) and `totalExact` is false: the screen says "at least".
 */
export function cappedPageResult<T>(
  list: T[],
  counted: { n: number; exact: boolean },
  page: PageRequest,
): PageResult<T> {
  if (counted.exact) return pageResult(list, counted.n, page);
  const proven = pageOffset(page) + list.length + (list.length === page.pageSize ? 1 : 0);
  return { ...pageResult(list, Math.max(counted.n, proven), page), totalExact: false };
}

/**
 * ORDER BY from an allow-list: the client names a field, the server maps it to a column.
 * The contract's enum already refuses unknown names; this map is the second lock.
 */
export function orderByFrom<F extends string>(
  columns: Record<F, AnyPgColumn>,
  requested: { field: F; direction: 'asc' | 'desc' } | undefined,
  fallback: SQL[],
): SQL[] {
  if (!requested) return fallback;
  const column = columns[requested.field];
  if (!column) return fallback;
  return [requested.direction === 'desc' ? desc(column) : asc(column), ...fallback];
}
