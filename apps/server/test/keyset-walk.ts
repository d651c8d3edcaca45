import type { KeysetPageResult } from '@agent-console/contracts';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** Walking a keyset list (http/keyset.ts) page by page, as the screens do. */
export type KeysetPage = KeysetPageResult<{ id: number }>;
export type Lister = (body: object) => Promise<KeysetPage>;

/** One list's page call by one caller; anything but success fails the test with the answer. */
export function keysetLister(t: TestApp, url: string, token: string): Lister {
  return async (body) => {
    const res = await t.call<KeysetPage>('POST', url, { token, body });
    expect(res.body.code, JSON.stringify(res.body).slice(0, 300)).toBe('00000');
    return res.body.data;
  };
}

export const idsOf = (page: KeysetPage) => page.list.map((r) => r.id);

/** From the first page to the last by `nextCursor`; each later page sent without a count. */
export async function walkForward(list: Lister, body: object, pageSize: number) {
  let page = await list({ ...body, pageSize });
  const pages = [idsOf(page)];
  while (page.nextCursor) {
    // A cursor that does not move on would walk for ever.
    expect(pages.length).toBeLessThan(100);
    const pageNum = page.pageNum + 1;
    page = await list({ ...body, pageSize, pageNum, cursor: page.nextCursor, withTotal: false });
    expect(page.pageNum).toBe(pageNum);
    expect(page.total).toBeNull();
    pages.push(idsOf(page));
  }
  return { pages, last: page };
}

/** From `from` back to the first page by `prevCursor`: the pages in the order they were shown. */
export async function walkBack(list: Lister, body: object, from: KeysetPage) {
  const pages: number[][] = [];
  let page = from;
  while (page.prevCursor) {
    expect(pages.length).toBeLessThan(100);
    page = await list({
      ...body,
      pageSize: page.pageSize,
      pageNum: page.pageNum - 1,
      cursor: page.prevCursor,
      cursorDirection: 'prev',
      withTotal: false,
    });
    pages.push(idsOf(page));
  }
  expect(page.pageNum).toBe(1);
  return pages;
}

/**
 * Walks the list forward and back in pages of `pageSize` and checks both against one page of
 * everything (at most 500 rows): every row once, in order, and the same pages either way.
 */
export async function expectConsistentWalks(list: Lister, body: object, pageSize: number): Promise<number[]> {
  const all = idsOf(await list({ ...body, pageSize: 500 }));
  expect(all.length).toBeGreaterThan(pageSize * 2);
  const forward = await walkForward(list, body, pageSize);
  expect(forward.pages.flat()).toEqual(all);
  expect(forward.pages.slice(0, -1).every((p) => p.length === pageSize)).toBe(true);
  const back = await walkBack(list, body, forward.last);
  expect([...back].reverse()).toEqual(forward.pages.slice(0, -1));
  return all;
}
