import { describe, expect, it } from 'vitest';
import { type PageableRows, pageOf } from './paging';

/** A stand-in for a Drizzle select: records the LIMIT and OFFSET the page gives, answers `rows`. */
function fakeRows<R>(rows: R[], answered: Promise<void> = Promise.resolve()) {
  const asked: { limit?: number; offset?: number } = {};
  const select: PageableRows<R> = {
    limit(limit) {
      asked.limit = limit;
      return {
        offset(offset) {
          asked.offset = offset;
          return answered.then(() => rows);
        },
      };
    },
  };
  return { select, asked };
}

describe('pageOf', () => {
  it('asks the page (LIMIT pageSize OFFSET the rows before it), maps each row and reads the total', async () => {
    const { select, asked } = fakeRows([{ id: 21 }, { id: 22 }]);
    const page = await pageOf(
      { pageNum: 3, pageSize: 10 },
      { rows: select, count: Promise.resolve([{ n: 22 }]), toDto: (row) => `#${row.id}` },
    );
    expect(asked).toEqual({ limit: 10, offset: 20 });
    expect(page).toEqual({ list: ['#21', '#22'], total: 22, pageNum: 3, pageSize: 10 });
  });

  it('maps the whole page at once with toList, and counts nothing as 0', async () => {
    const { select } = fakeRows([{ id: 1 }, { id: 2 }]);
    const page = await pageOf(
      { pageNum: 1, pageSize: 20 },
      { rows: select, count: Promise.resolve([]), toList: async (rows) => [rows.map((r) => r.id).join('+')] },
    );
    expect(page).toEqual({ list: ['1+2'], total: 0, pageNum: 1, pageSize: 20 });
  });

  it('sends the count before the rows have answered: the two statements run together', async () => {
    let answer = () => {};
    const { select } = fakeRows([{ id: 1 }], new Promise<void>((resolve) => (answer = resolve)));
    let countAsked = false;
    const count: PromiseLike<{ n: number }[]> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable, as a Drizzle query builder is
      then(onFulfilled, onRejected) {
        countAsked = true;
        return Promise.resolve([{ n: 1 }]).then(onFulfilled, onRejected);
      },
    };
    const pending = pageOf({ pageNum: 1, pageSize: 10 }, { rows: select, count, toDto: (row) => row.id });
    await Promise.resolve();
    expect(countAsked).toBe(true);
    answer();
    expect(await pending).toMatchObject({ list: [1], total: 1 });
  });
});
