import type { AnyPageResult } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { positionFor, totalShown } from './keyset-paging';

/** Page 3 of 10-row pages with both cursors; a count when `total` is given. */
const page3 = (over: Partial<AnyPageResult<unknown>> = {}): AnyPageResult<unknown> => ({
  list: Array.from({ length: 10 }, (_, i) => i),
  total: null,
  pageNum: 3,
  pageSize: 10,
  nextCursor: 'next',
  prevCursor: 'prev',
  ...over,
});

describe('keyset page turns', () => {
  it('asks for the next and previous page by cursor, the first afresh, any other by number', () => {
    expect(positionFor(4, page3())).toEqual({ pageNum: 4, cursor: 'next' });
    expect(positionFor(2, page3())).toEqual({ pageNum: 2, cursor: 'prev', cursorDirection: 'prev' });
    expect(positionFor(1, page3({ pageNum: 2 }))).toEqual({ pageNum: 1 });
    expect(positionFor(7, page3())).toEqual({ pageNum: 7 });
    expect(positionFor(4, page3({ nextCursor: null }))).toEqual({ pageNum: 4 });
    expect(positionFor(2, undefined)).toEqual({ pageNum: 2 });
  });

  it("shows the page's count, else the known one, raised to what the page proves", () => {
    expect(totalShown(page3({ total: 57 }), undefined)).toEqual({ total: 57, exact: true });
    expect(totalShown(page3({ total: 10_001, totalExact: false }), undefined)).toEqual({ total: 10_001, exact: false });
    expect(totalShown(page3(), { total: 57, exact: true })).toEqual({ total: 57, exact: true });
    // Rows came since the count: 31 rows exist at least, and the total is no longer exact.
    expect(totalShown(page3(), { total: 25, exact: true })).toEqual({ total: 31, exact: false });
    expect(totalShown(page3({ nextCursor: null }), undefined)).toEqual({ total: 30, exact: false });
    expect(totalShown(undefined, { total: 5, exact: true })).toEqual({ total: 5, exact: true });
  });
});
