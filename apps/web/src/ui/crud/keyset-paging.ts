import type { AnyPageResult } from '@agent-console/contracts';

/**
 * How a keyset list (the logs, see docs/decisions.md) turns its pages. The next and the previous
 * page are asked for by the cursors of the page shown, so the server starts where that page ends
 * instead of counting off every row before it; the first page and a jump to a page number go by
 * number. The total is counted on the first page and carried along, not counted on every turn.
 */

/** A total the list already knows for its filters; `exact` false: the server stopped counting. */
export interface KnownTotal {
  total: number;
  exact: boolean;
}

/** Where the request of a page starts: its number, and a cursor when it is the next or previous one. */
export interface PagePosition {
  pageNum: number;
  cursor?: string;
  cursorDirection?: 'prev';
}

/** The page to ask for to show page `to`, coming from the page shown. */
export function positionFor(to: number, shown: AnyPageResult<unknown> | undefined): PagePosition {
  if (to <= 1 || !shown) return { pageNum: Math.max(1, to) };
  if (to === shown.pageNum + 1 && shown.nextCursor) return { pageNum: to, cursor: shown.nextCursor };
  if (to === shown.pageNum - 1 && shown.prevCursor) {
    return { pageNum: to, cursor: shown.prevCursor, cursorDirection: 'prev' };
  }
  return { pageNum: to };
}

/**
 * The total under the table: the page's own count, else the one known from an earlier page,
 * raised to what the page proves exists (the rows before it, its own, one more when a next page
 * exists). A raised total is "at least": rows came since it was counted.
 */
export function totalShown(
  shown: AnyPageResult<unknown> | undefined,
  known: KnownTotal | undefined,
): KnownTotal | undefined {
  if (!shown) return known;
  const counted = shown.total !== null ? { total: shown.total, exact: shown.totalExact !== false } : known;
  const proven = (shown.pageNum - 1) * shown.pageSize + shown.list.length + (shown.nextCursor ? 1 : 0);
  if (!counted || proven > counted.total) return { total: proven, exact: false };
  return counted;
}
