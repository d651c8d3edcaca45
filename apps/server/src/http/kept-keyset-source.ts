import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { KeysetSource, KeysetWindow } from './keyset';
import type { ListConditions } from './list-conditions';
import { type CountableRows, cappedCountColumn, cappedCountQuery, cappedOf } from './paging';
import { type PreparableQuery, PreparedQueries } from './prepared-queries';

/** A window's row as the list's query selects it: its own fields, the sort key, the count or null. */
type WindowRow<R> = R & { sortKey: string | null; cappedCount: number | null };

/**
 * The list's select of one keyset window (`window`'s condition, order, limit and offset) with
 * `cappedCount` selected beside its fields: the filters' capped count, or null when not asked.
 */
export type WindowQuery<R> = (window: KeysetWindow, cappedCount: SQL<number | null>) => PreparableQuery<WindowRow<R>>;

/** The statements one keyset list keeps: its pages, its pages with their count, its counts. */
export interface KeptListStatements {
  pages: PreparedQueries;
  counted: PreparedQueries;
  counts: PreparedQueries;
}

export function keptListStatements(name: string): KeptListStatements {
  return {
    pages: new PreparedQueries(`${name}_page`),
    counted: new PreparedQueries(`${name}_counted`),
    counts: new PreparedQueries(`${name}_count`),
  };
}

const NO_COUNT = sql<null>`null`;

/**
 * A keyset list (http/keyset.ts) whose queries are kept per shape (http/prepared-queries.ts): the
 * shape is `variant` (what else decides the SQL, such as the language), the filters present and
 * the window's. A first page reads its rows and its capped count in one statement. `countRows`
 * is the select whose rows the filters count (`rowsOf(db, table, condition)`, or with the joins
 * a filter needs).
 */
export function keptKeysetSource<R, T>(options: {
  db: Db;
  statements: KeptListStatements;
  /** What else decides the SQL (the language of a name it shows); none when absent. */
  variant?: string;
  where: ListConditions;
  countRows: (condition: SQL | undefined) => CountableRows;
  query: WindowQuery<R>;
  toDto: (row: R) => T;
}): KeysetSource<R, T> {
  const { db, statements, variant = '', where, countRows, query, toDto } = options;
  const rowsOfShape = (kept: PreparedQueries, counted: boolean) => (window: KeysetWindow) =>
    kept.run(
      db,
      `${variant}|${where.shape}|${window.shape}`,
      () => query(window, counted ? cappedCountColumn(db, countRows(where.condition)) : NO_COUNT),
      { ...where.values, ...window.values },
    );
  return {
    rows: rowsOfShape(statements.pages, false),
    rowsCounted: rowsOfShape(statements.counted, true),
    toDto,
    count: () =>
      statements.counts
        .run(db, where.shape, () => cappedCountQuery(db, countRows(where.condition)), where.values)
        .then(cappedOf),
  };
}
