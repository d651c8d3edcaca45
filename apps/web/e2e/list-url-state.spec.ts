import { customers, menus } from '@agent-console/server/test/db';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './support/harness';

/**
 * A list's page, sort and filters live in its URL query (the post list as the example): a reload,
 * a copied link or a tab switched back to shows the same list.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const token = await h.t.loginAdmin();
  // 24 posts, the odd ones enabled: filtered on "url" and enabled, 12 rows, page 2 holds two.
  for (let n = 1; n <= 24; n++) {
    const code = `url${String(n).padStart(2, '0')}`;
    const res = await h.t.call('POST', '/api/v3/system/post/save', {
      token,
      body: { code, name: `Post ${code}`, sort: n, enabled: n % 2 === 1 },
    });
    expect(res.body.code).toBe('00000');
  }
});
afterAll(() => h.close());

const FILTERED = '/system/post?code=url&enabled=true&orderBy=code.desc&pageNum=2';
const FIRST = '/system/post?code=url&enabled=true&orderBy=code.desc';
const SETTING = '/boot/admin/system/user/setting';
const PAGE_1 = ['url23', 'url21', 'url19', 'url17', 'url15', 'url13', 'url11', 'url09', 'url07', 'url05'];
const PAGE_2 = ['url03', 'url01'];
const ENABLED_BY_ORDER = ['url01', 'url03', 'url05', 'url07', 'url09', 'url11', 'url13', 'url15', 'url17', 'url19'];

async function adminPage(): Promise<Page> {
  const { page } = await h.newPage({ lang: 'en' });
  await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
  await page.waitForURL(/\/index$/);
  return page;
}

const here = (page: Page) => page.url().replace(/^https?:\/\/[^/]+/, '');

/** The first column of the rows shown (after the row checkboxes). */
const firstCells = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)')
    .evaluateAll((cells) => cells.map((c) => c.textContent ?? ''));

/** The codes of the rows shown, once the table has settled on `expected`. */
async function waitForCodes(page: Page, expected: string[]) {
  await expect.poll(() => firstCells(page, 'post-page')).toEqual(expected);
}

async function expectFiltersShown(page: Page) {
  await expect.poll(() => page.getByTestId('filter-code').inputValue()).toBe('url');
  expect(await page.getByTestId('filter-enabled').innerText()).toBe('Enabled');
  expect(await page.locator('th', { hasText: 'Post code' }).getAttribute('aria-sort')).toBe('descending');
  expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('2');
}

async function tabPaths(page: Page): Promise<string[]> {
  return page.getByTestId('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? ''));
}

/** As in shell-tabs: a click can land while the strip still scrolls the active tab into view. */
async function switchTo(page: Page, path: string) {
  const tab = page.locator(`[data-testid="tab"][data-path="${path}"]`);
  await expect
    .poll(async () => {
      if ((await tab.getAttribute('data-active')) !== 'true') await tab.click();
      return here(page);
    })
    .toBe(path);
}

describe('list state in the URL (posts)', () => {
  it('filter, sort and page 2 survive a reload, in one tab updated in place', async () => {
    const page = await adminPage();
    await page.goto('/system/post');
    await page.getByTestId('post-page').waitFor();

    await page.getByTestId('filter-code').fill('url');
    await page.getByTestId('filter-enabled').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('Enabled').click();
    await page.getByTestId('crud-search-submit').click();
    await waitForCodes(page, ENABLED_BY_ORDER);
    const header = page.locator('th', { hasText: 'Post code' });
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    await waitForCodes(page, PAGE_1);
    await page.getByTestId('post-page').locator('.ant-pagination-item-2').click();
    await waitForCodes(page, PAGE_2);
    expect(here(page)).toBe(FILTERED);

    // One tab for the list, following its query; Back leaves the list instead of undoing searches.
    await expect.poll(() => tabPaths(page)).toEqual(['/index', FILTERED]);
    expect(await page.locator('[data-testid="tab"][data-active="true"]').getAttribute('data-path')).toBe(FILTERED);

    await page.reload();
    await waitForCodes(page, PAGE_2);
    await expectFiltersShown(page);
    expect(here(page)).toBe(FILTERED);
    expect(await tabPaths(page)).toEqual(['/index', FILTERED]);

    await page.goBack();
    await page.waitForURL(/\/index$/);
  });

  it('keeps a cached list mounted while its query changes; its tab and its menu entry go back to it', async () => {
    await h.t.database.db.update(menus).set({ cache: true }).where(eq(menus.name, 'SystemPost'));
    try {
      const page = await adminPage();
      await page.goto(FILTERED);
      await waitForCodes(page, PAGE_2);
      // Typed, not searched: it survives only if the page is never remounted.
      await page.getByTestId('filter-name').fill('draft');

      await page.getByTestId('post-page').locator('.ant-pagination-item-1').click();
      await waitForCodes(page, PAGE_1);
      expect(here(page)).toBe(FIRST);
      await expect.poll(() => tabPaths(page)).toEqual(['/index', FIRST]);
      expect(await page.locator('.page-frame[data-page^="/system/post"]').getAttribute('data-page')).toBe(FIRST);
      expect(await page.getByTestId('filter-name').inputValue()).toBe('draft');

      await page.getByTestId('menu-UserSetting').click();
      await page.waitForURL(/\/user\/setting$/);
      await switchTo(page, FIRST);
      await waitForCodes(page, PAGE_1);
      expect(await page.getByTestId('filter-name').inputValue()).toBe('draft');

      // The menu entry of an open list goes to its tab rather than opening a second one.
      await page.getByTestId('menu-UserSetting').click();
      await page.waitForURL(/\/user\/setting$/);
      if (!(await page.getByTestId('menu-SystemPost').isVisible())) await page.getByTestId('menu-System').click();
      await page.getByTestId('menu-SystemPost').click();
      await page.waitForURL((url) => url.pathname + url.search === FIRST);
      await waitForCodes(page, PAGE_1);
      expect(await tabPaths(page)).toEqual(['/index', FIRST, SETTING]);
    } finally {
      await h.t.database.db.update(menus).set({ cache: false }).where(eq(menus.name, 'SystemPost'));
    }
  });

  it('opens a copied link in a fresh browser with the same list', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    // Signed out, the link shows "not found" with a way to sign in that comes back to it.
    await page.goto(FILTERED);
    await page.getByTestId('sign-in').click();
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname + url.search === FILTERED);
    await waitForCodes(page, PAGE_2);
    await expectFiltersShown(page);
  });

  it('shows page 1 for a query it cannot read, without an error', async () => {
    const page = await adminPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const request = page.waitForRequest((r) => r.url().endsWith('/api/v3/system/post/page'));
    await page.goto('/system/post?pageNum=abc&orderBy=zzz&pageSize=-3&enabled=maybe');
    expect(JSON.parse((await request).postData() ?? '{}')).toEqual({ pageNum: 1, pageSize: 10 });
    await page.getByTestId('post-page').locator('.ant-table-tbody tr.ant-table-row').nth(9).waitFor();
    expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('1');
    expect(await page.getByTestId('page-error').count()).toBe(0);
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('list state in the URL (roles, users, QA)', () => {
  let hq: number;
  beforeAll(async () => {
    const token = await h.t.loginAdmin();
    const [customer] = await h.t.database.db.select().from(customers).where(eq(customers.name, 'Headquarters'));
    hq = customer?.id ?? 0;
    const user = { customerId: hq, nickName: 'Url User', username: 'urluser1', password: 'secret-123' };
    expect((await h.t.call('POST', '/api/v3/system/user/save', { token, body: user })).body.code).toBe('00000');
    let fileId: number | undefined;
    for (const question of ['Where is my parcel?', 'Can I track my parcel?', 'How do refunds work?']) {
      const body = { question, answer: 'See the FAQ.', ...(fileId ? { fileId } : { newFileName: 'URL FAQ' }) };
      const res = await h.t.call<{ fileId: number }>('POST', '/api/v3/qa-file/qaSave', { token, body });
      expect(res.body.code).toBe('00000');
      fileId = res.body.data.fileId;
    }
  });

  it('shows the same filter and the same rows after a reload', async () => {
    const page = await adminPage();
    const lists = [
      { path: '/system/role', id: 'role-page', field: 'filter-name', value: 'Staff', query: '?name=Staff' },
      { path: '/system/user', id: 'user-page', field: 'filter-username', value: 'urluser', query: '?username=urluser' },
      { path: '/knowledge/qa', id: 'qa-page', field: 'qa-keyword', value: 'parcel', query: '?keyword=parcel' },
    ];
    const expected = [['Staff'], ['urluser1'], ['Can I track my parcel?', 'Where is my parcel?']];
    for (const [n, list] of lists.entries()) {
      await page.goto(list.path);
      await page.getByTestId(list.id).waitFor();
      await page.getByTestId(list.field).fill(list.value);
      await page.getByTestId('crud-search-submit').click();
      await expect.poll(async () => (await firstCells(page, list.id)).sort()).toEqual(expected[n]);
      let url = list.path + list.query;
      // The customer picked in the user list's tree is one of its filters too.
      const tree = page.getByTestId('user-tree');
      if (list.id === 'user-page') {
        await tree.getByText('Headquarters', { exact: true }).click();
        url += `&customerId=${hq}`;
      }
      await page.waitForURL((u) => u.pathname + u.search === url);
      const rows = await firstCells(page, list.id);

      await page.reload();
      await expect.poll(() => firstCells(page, list.id)).toEqual(rows);
      expect(await page.getByTestId(list.field).inputValue()).toBe(list.value);
      if (list.id === 'user-page')
        expect(await tree.locator('.ant-tree-node-selected').innerText()).toBe('Headquarters');
      expect(here(page)).toBe(url);
    }
  });
});
