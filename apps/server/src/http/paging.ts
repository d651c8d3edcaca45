import type { PageResult } from '@agent-console/contracts';
import { asc, count, desc, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../db/client';

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
 * A list's select with its joins, WHERE and ORDER BY, as Drizzle builds it
 * (`db.select(…).from(…).where(where).orderBy(…)`): the page adds LIMIT and OFFSET.
 */
export interface PageableRows<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

/** The count of the rows a list's filters match: `countOf(db, table, where)`, or a count with joins. */
export type PageCount = PromiseLike<readonly { n: number }[]>;

/** How many rows of `table` match `where`: a list's total when its filters need no join. */
export function countOf(db: Executor, table: PgTable, where: SQL | undefined) {
  return db.select({ n: count() }).from(table).where(where);
}

interface PageQuery<R> {
  rows: PageableRows<R>;
  count: PageCount;
}

/**
 * One page of an offset-paged list (`POST …/page`) and its total. The page's rows and the count
 * run together (two statements, one wait); then each row becomes the answer's (`toDto`), or the
 * whole page does at once (`toList`) where that reads more of the database for the page's rows.
 *
 *     return pageOf(q, {
 *       rows: db.select(columns).from(posts).where(where).orderBy(...order),
 *       count: countOf(db, posts, where),
 *       toDto: toPost,
 *     });
 */
export function pageOf<R, T>(page: PageRequest, query: PageQuery<R> & { toDto: (row: R) => T }): Promise<PageResult<T>>;
export function pageOf<R, T>(
  page: PageRequest,
  query: PageQuery<R> & { toList: (rows: R[]) => Promise<T[]> },
): Promise<PageResult<T>>;
export async function pageOf<R, T>(
  page: PageRequest,
  query: PageQuery<R> & ({ toDto: (row: R) => T } | { toList: (rows: R[]) => Promise<T[]> }),
): Promise<PageResult<T>> {
  const [rows, [total]] = await Promise.all([query.rows.limit(page.pageSize).offset(pageOffset(page)), query.count]);
  const list = 'toDto' in query ? rows.map((row) => query.toDto(row)) : await query.toList(rows);
  return pageResult(list, total?.n ?? 0, page);
}

/** A list's select with its joins (`db.select(…).from(…).innerJoin(…)`), before WHERE and ORDER BY. */
export interface ListSelect<R> {
  where(where: SQL | undefined): { orderBy(...order: SQL[]): PageableRows<R> };
}

/** The sort a page request asks for: a field of the list's allow-list (`orderBySchema`). */
export type RequestedOrder<F extends string> = { field: F; direction: 'asc' | 'desc' } | undefined;

type SortedList<R, F extends string> = {
  /** The list's select with its joins; the page adds `where`, the order, LIMIT and OFFSET. */
  select: ListSelect<R>;
  where: SQL | undefined;
  /** The columns a client may sort by, by name (orderByFrom's allow-list). */
  sortable: Record<F, AnyPgColumn>;
  /** The order after the requested one, or without one; it ends in the id, so pages never overlap. */
  fallback: SQL[];
  /** Keys placed before the requested order, for rows a list keeps on top whatever the sort. */
  first?: SQL[];
} & TotalOf;

/**
 * Where a sorted page's total comes from: the list's table, when its filters need no join
 * (`countOf(db, table, where)`), or a count of the same `where` with the joins its filters need.
 */
type TotalOf = { table: PgTable } | { count: PageCount };

/**
 * One page of a sortable list: `pageOf` with the order the request asks for (orderByFrom) and one
 * `where` for both the rows and the total, so the two cannot drift apart.
 *
 *     return sortedPage(db, q, {
 *       select: db.select(columns).from(posts),
 *       where,
 *       table: posts,
 *       sortable: { code: posts.code, createdAt: posts.createdAt },
 *       fallback: [asc(posts.sort), asc(posts.id)],
 *       toDto: toPost,
 *     });
 */
export function sortedPage<R, T, F extends string>(
  db: Executor,
  page: PageRequest & { orderBy?: RequestedOrder<F> },
  list: SortedList<R, F> & { toDto: (row: R) => T },
): Promise<PageResult<T>>;
export function sortedPage<R, T, F extends string>(
  db: Executor,
  page: PageRequest & { orderBy?: RequestedOrder<F> },
  list: SortedList<R, F> & { toList: (rows: R[]) => Promise<T[]> },
): Promise<PageResult<T>>;
export function sortedPage<R, T, F extends string>(
  db: Executor,
  page: PageRequest & { orderBy?: RequestedOrder<F> },
  list: SortedList<R, F> & ({ toDto: (row: R) => T } | { toList: (rows: R[]) => Promise<T[]> }),
): Promise<PageResult<T>> {
  const order = orderByFrom(list.sortable, page.orderBy, list.fallback);
  const query = {
    rows: list.select.where(list.where).orderBy(...(list.first ?? []), ...order),
    count: 'table' in list ? countOf(db, list.table, list.where) : list.count,
  };
  return 'toDto' in list
    ? pageOf(page, { ...query, toDto: list.toDto })
    : pageOf(page, { ...query, toList: list.toList });
}

/**
 * Log tables grow to millions of rows, and an exact count(*) of them costs more than the page
 * itself (about 100 ms per call for a million rows, so a busy log screen queues up). Lists over
 * such tables count at most this many matching rows.
 */
export const COUNT_CAP = 10_000;

/** A count that may have stopped at COUNT_CAP; `exact` says it did not stop. */
export interface CappedCount {
  n: number;
  exact: boolean;
}

/** A select whose rows a capped count counts: `db.select({ one: sql`1` }).from(…).where(…)`. */
export interface CountableRows {
  limit(n: number): { as(alias: string): Subquery };
}

/**
 * The count of a select's rows (`db.select({ one: sql`1` }).from(…).where(…)`, joins and all),
 * stopping after COUNT_CAP + 1; `cappedOf` reads its answer.
 */
export function cappedCountQuery(db: Db, rows: CountableRows) {
  return db.select({ n: count() }).from(rows.limit(COUNT_CAP + 1).as('capped'));
}

/** cappedCountQuery as a column of another select: the count beside a page's rows, in its statement. */
export function cappedCountColumn(db: Db, rows: CountableRows): SQL<number> {
  return sql<number>`(${cappedCountQuery(db, rows)})`.mapWith(Number);
}

export function cappedOf(rows: readonly { n: number }[]): CappedCount {
  const n = rows[0]?.n ?? 0;
  return { n, exact: n <= COUNT_CAP };
}

/** The select of `table`'s rows matching `where`, for cappedCountQuery. */
export function rowsOf(db: Db, table: PgTable, where: SQL | undefined) {
  return db.select({ one: sql`1` }).from(table).where(where);
}

/**
 * A total that may be a lower bound. When the count stopped at the cap, the total is at least what
 * the page proves exists (`proven`: the rows before it, its own, and one more when a next page
 * exists, so that the pager offers it) and `totalExact` is false: the screen says "at least".
 */
export function cappedTotal(counted: CappedCount, proven: number): { total: number; totalExact?: false } {
  if (counted.exact) return { total: counted.n };
  return { total: Math.max(counted.n, proven), totalExact: false };
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
