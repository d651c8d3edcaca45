import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness';

/**
 * The browser contexts tests share one after another (support/context-pool.ts): what one test
 * leaves in a context never reaches the next. The tests run in order; each one looks at what the
 * one before it left.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('browser contexts used again', () => {
  let used: BrowserContext | undefined;

  it('lends a context, which this test fills with cookies, storage and a route', async () => {
    const { context, page } = await h.newPage({ lang: 'zh-chs' });
    used = context;
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('left-by-a-test', '1');
      sessionStorage.setItem('left-by-a-test', '1');
    });
    await context.addCookies([{ name: 'left-by-a-test', value: '1', url: h.baseUrl }]);
    await context.route('**/api/health', (route) => route.abort());
    await h.newPage();
  });

  it('lends it again clean: no cookie, no storage, no route, none of the pages', async () => {
    const { context, page } = await h.newPage();
    expect(context).toBe(used);
    expect(await context.cookies()).toEqual([]);
    // Its anchor page (see the pool) and this one; the last test's two pages are closed.
    expect(context.pages()).toHaveLength(2);
    await page.goto('/login');
    expect(
      await page.evaluate(() => [localStorage.getItem('left-by-a-test'), sessionStorage.getItem('left-by-a-test')]),
    ).toEqual([null, null]);
    expect(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(200);
  });

  it('takes back a context whose clock a test faked', async () => {
    const { context, page } = await h.newPage();
    used = context;
    await page.clock.install();
  });

  it('never lends that context again', async () => {
    const { context } = await h.newPage();
    expect(context).not.toBe(used);
    expect(used?.pages()).toEqual([]);
  });

  it('lends a context of the size asked for', async () => {
    const { context, page } = await h.newPage({ width: 390, height: 844 });
    used = context;
    await page.goto('/login');
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
  });

  it('lends the same size again only when asked for it', async () => {
    const wide = await h.newPage();
    const narrow = await h.newPage({ width: 390, height: 844 });
    expect(narrow.context).toBe(used);
    expect(wide.context).not.toBe(used);
  });
});

describe('a context taken before the tests', () => {
  let shared: Awaited<ReturnType<Harness['newPage']>>;
  beforeAll(async () => {
    shared = await h.newPage();
    await shared.page.goto('/login');
  });

  it('is kept with its page for the first test', async () => {
    await shared.page.evaluate(() => sessionStorage.setItem('kept', '1'));
  });

  it('and for the next one, as it was left', async () => {
    expect(shared.page.isClosed()).toBe(false);
    expect(await shared.page.evaluate(() => sessionStorage.getItem('kept'))).toBe('1');
  });
});
