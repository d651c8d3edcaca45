import {
  type CursorDirection,
  type CursorPosition,
  decodeCursor,
  encodeCursor,
  type KeysetPageResult,
} from '@agent-console/contracts';
import { asc, desc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error';
import { type CappedCount, COUNT_CAP, cappedTotal } from './paging';
import type { PlaceholderValues } from './prepared-queries';

/**
 * Keyset paging (docs/decisions.md, "Keyset paging of the logs"). A page after a cursor starts at
 * the cursor's row in the list's order, (sort column, id), so an index on that pair serves page
 * 5,000 as fast as page 1; an offset would walk past every row before it. Without a cursor the
 * list pages by offset as before (old clients, a jump to a page number).
 */

type Direction = 'asc' | 'desc';

/**
 * A list's orders: its sortable columns under the names its contract allows, the unique column
 * that breaks ties (the id), and the order when the request names none (which may be the id alone).
 */
export interface KeysetSpec {
  columns: Record<string, AnyPgColumn>;
  id: AnyPgColumn;
  fallback: { field: string; direction: Direction };
}

export interface KeysetRequest {
  pageNum: number;
  pageSize: number;
  orderBy?: { field: string; direction: Direction } | undefined;
  cursor?: string | undefined;
  cursorDirection?: CursorDirection | undefined;
  withTotal?: boolean | undefined;
}

/**
 * What one fetch asks of the list's own query. Its parts are written on placeholders, so that the
 * query of one `shape` can be built once and kept (http/prepared-queries.ts): run it with `values`.
 */
export interface KeysetWindow {
  /** The cursor's condition, to go with the filters (undefined: from the start, or by offset). */
  where: SQL | undefined;
  orderBy: SQL[];
  limit: Placeholder;
  offset: Placeholder;
  /** To be selected as `sortKey`: the row's sort value as text, for the cursors of the answer. */
  sortKey: SQL<string | null>;
  /** What decides the window's SQL: the order and where the cursor puts the page. */
  shape: string;
  values: PlaceholderValues;
}

export interface KeysetSource<R, T> {
  /** The window's rows: the list's query with the window's parts, run with `window.values`. */
  rows(window: KeysetWindow): PromiseLike<(R & { sortKey: string | null })[]>;
  /**
   * Optional: the same rows, each with the filters' capped count (`cappedCountColumn`) — a page
   * that shows its total in one statement instead of two (docs/decisions.md, "Issue 38: the list
   * path"). An empty window carries no count; `count` is asked then, unless the list is empty.
   */
  rowsCounted?(window: KeysetWindow): PromiseLike<(R & { sortKey: string | null; cappedCount: number | null })[]>;
  toDto(row: R): T;
  /** The filters' total, capped (`cappedCountQuery`); asked only when the client wants it. */
  count(): Promise<CappedCount>;
}

interface Sort {
  order: string;
  column: AnyPgColumn;
  id: AnyPgColumn;
  direction: Direction;
  /** Ordered by the id alone: the cursor's key is empty. */
  idOnly: boolean;
  kind: 'time' | 'number' | 'text';
  nullable: boolean;
}

function sortOf(spec: KeysetSpec, requested: KeysetRequest['orderBy']): Sort {
  const picked = requested && spec.columns[requested.field] ? requested : spec.fallback;
  const column = spec.columns[picked.field];
  if (!column) throw new Error(`keyset: no column for the order ${picked.field}`);
  const { dataType } = column;
  return {
    order: `${picked.field}.${picked.direction}`,
    column,
    id: spec.id,
    direction: picked.direction,
    idOnly: column === spec.id,
    kind: dataType === 'date' ? 'time' : dataType === 'number' ? 'number' : 'text',
    nullable: !column.notNull,
  };
}

/** The row's sort value as text: a time in microseconds since 1970 (a JS Date keeps only ms). */
function sortKeyOf(sort: Sort): SQL<string | null> {
  if (sort.idOnly) return sql<null>`null`;
  if (sort.kind === 'time') return sql<string | null>`(extract(epoch from ${sort.column}) * 1000000)::bigint::text`;
  return sql<string | null>`${sort.column}::text`;
}

const badCursor = () => AppError.field('A0400', 'cursor', 'invalidValue');

/** The cursor of the request, refused (naming the field) unless it fits this list and this order. */
function positionOf(sort: Sort, cursor: string): CursorPosition {
  const at = decodeCursor(cursor);
  if (!at || at.order !== sort.order) throw badCursor();
  const { key } = at;
  const fits = sort.idOnly
    ? key === null
    : key === null
      ? sort.nullable
      : sort.kind === 'text'
        ? typeof key === 'string'
        : typeof key === 'number';
  if (!fits) throw badCursor();
  return at;
}

/** Microseconds since 1970 as an ISO time that PostgreSQL reads without loss. */
function isoMicros(us: number): string {
  const ms = Math.floor(us / 1000);
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, -1)}${String(us - ms * 1000).padStart(3, '0')}Z`;
}

const CURSOR_KEY = sql.placeholder('cursorKey');
const CURSOR_ID = sql.placeholder('cursorId');

function keyParam(sort: Sort): SQL {
  if (sort.kind === 'time') return sql`${CURSOR_KEY}::timestamptz`;
  if (sort.kind === 'number') return sql`${CURSOR_KEY}::bigint`;
  return sql`${CURSOR_KEY}::text`;
}

/** The cursor key as its placeholder's value. */
function keyValue(sort: Sort, key: string | number): string | number {
  return sort.kind === 'time' ? isoMicros(key as number) : key;
}

/**
 * The rows past the cursor in ascending (`greater`) or descending order of (column, id), on the
 * placeholders of the cursor's key and id; `nullKey`: the cursor's row has no sort value.
 * PostgreSQL sorts NULL above every value in both directions, so a nullable column needs its
 * NULLs said. The row comparison is what lets the (column, id) index start at the cursor.
 */
function beyond(sort: Sort, nullKey: boolean, greater: boolean): SQL {
  const op = sql.raw(greater ? '>' : '<');
  const id = sql`${CURSOR_ID}::bigint`;
  const { column } = sort;
  if (sort.idOnly) return sql`${sort.id} ${op} ${id}`;
  if (nullKey) {
    return greater
      ? sql`(${column} is null and ${sort.id} > ${id})`
      : sql`(${column} is not null or ${sort.id} < ${id})`;
  }
  const row = sql`(${column}, ${sort.id}) ${op} (${keyParam(sort)}, ${id})`;
  return greater && sort.nullable ? sql`(${row} or ${column} is null)` : row;
}

function orderOf(sort: Sort, direction: Direction): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  return sort.idOnly ? [by(sort.id)] : [by(sort.column), by(sort.id)];
}

const flip = (d: Direction): Direction => (d === 'asc' ? 'desc' : 'asc');

const LIMIT = sql.placeholder('limit');
const OFFSET = sql.placeholder('offset');

/** A window's rows and, when `withTotal`, the filters' capped count: in one statement when the list can. */
async function fetchWindow<R>(
  source: KeysetSource<R, { id: number }>,
  window: KeysetWindow,
  withTotal: boolean,
  fromTheTop: boolean,
): Promise<[(R & { sortKey: string | null })[], CappedCount | undefined]> {
  if (!withTotal) return [await source.rows(window), undefined];
  if (!source.rowsCounted) return Promise.all([source.rows(window), source.count()]);
  const rows = await source.rowsCounted(window);
  const n = rows[0]?.cappedCount;
  if (n !== undefined && n !== null) return [rows, { n, exact: n <= COUNT_CAP }];
  // Nothing from the top: nothing matches. Past the end (an offset, a cursor): count apart.
  return [rows, fromTheTop && !rows.length ? { n: 0, exact: true } : await source.count()];
}

/**
 * One page of a keyset list. Going back (`prev`) reads the rows before the cursor in reverse
 * order; when fewer than a page remain there, the answer is the first page (pageNum 1), so that
 * going back always ends on a full first page even after rows came or went.
 */
export async function keysetPage<R, T extends { id: number }>(
  spec: KeysetSpec,
  req: KeysetRequest,
  source: KeysetSource<R, T>,
): Promise<KeysetPageResult<T>> {
  const sort = sortOf(spec, req.orderBy);
  const at = req.cursor ? positionOf(sort, req.cursor) : undefined;
  const back = !!at && req.cursorDirection === 'prev';
  const size = req.pageSize;
  const fromStart = (offset: number): KeysetWindow => ({
    where: undefined,
    orderBy: orderOf(sort, sort.direction),
    limit: LIMIT,
    offset: OFFSET,
    sortKey: sortKeyOf(sort),
    shape: sort.order,
    values: { limit: size + 1, offset },
  });
  const afterCursor = (cursor: CursorPosition): KeysetWindow => {
    const greater = (sort.direction === 'asc') !== back;
    const nullKey = cursor.key === null;
    return {
      where: beyond(sort, nullKey, greater),
      orderBy: orderOf(sort, back ? flip(sort.direction) : sort.direction),
      limit: LIMIT,
      offset: OFFSET,
      sortKey: sortKeyOf(sort),
      shape: `${sort.order}|${back ? 'prev' : 'next'}|${nullKey ? 'null' : 'key'}`,
      values: {
        limit: size + 1,
        offset: 0,
        cursorId: cursor.id,
        ...(cursor.key === null ? {} : { cursorKey: keyValue(sort, cursor.key) }),
      },
    };
  };

  const offset = at ? 0 : (req.pageNum - 1) * size;
  const window = at ? afterCursor(at) : fromStart(offset);
  const [fetched, counted] = await fetchWindow(source, window, req.withTotal !== false, !at && offset === 0);

  let rows = fetched.slice(0, size);
  let pageNum = req.pageNum;
  let before = !!at || offset > 0;
  let after = fetched.length > size;
  if (back) {
    rows.reverse();
    after = true;
    if (fetched.length <= size) {
      const start = await source.rows(fromStart(0));
      rows = start.slice(0, size);
      pageNum = 1;
      before = false;
      after = start.length > size;
    }
  }

  const list = rows.map(source.toDto);
  const cursorAt = (i: number) => {
    const row = rows[i];
    const dto = list[i];
    if (!row || !dto) return null;
    const key = row.sortKey === null || sort.kind === 'text' ? row.sortKey : Number(row.sortKey);
    return encodeCursor({ order: sort.order, key: sort.idOnly ? null : key, id: dto.id });
  };
  const proven = (pageNum - 1) * size + list.length + (after ? 1 : 0);
  return {
    list,
    ...(counted ? cappedTotal(counted, proven) : { total: null }),
    pageNum,
    pageSize: size,
    nextCursor: after ? cursorAt(list.length - 1) : null,
    prevCursor: before ? cursorAt(0) : null,
  };
}
