import { menus } from '@agent-console/server/test/db';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './support/harness';

/** The machine is shared and slow at times: give polled conditions 10 s, not vitest's 1 s. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The user-settings page is ours and always exists; make it a cached page for the keep-alive test.
  await h.t.database.db.update(menus).set({ cache: true }).where(eq(menus.name, 'UserSetting'));
});
afterAll(() => h.close());

const SETTING = '/boot/admin/system/user/setting';

async function adminPage(): Promise<Page> {
  const { page } = await h.newPage({ lang: 'en' });
  await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
  await page.waitForURL(/\/index$/);
  await page.getByTestId('app-layout').waitFor();
  return page;
}

async function tabPaths(page: Page): Promise<string[]> {
  return page.getByTestId('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? ''));
}

async function activePath(page: Page): Promise<string | null> {
  return page.locator('[data-testid="tab"][data-active="true"]').getAttribute('data-path');
}

/**
 * Clicks a tab until it is the active one. On a loaded machine the strip can still be scrolling
 * its active tab into view when the click lands, and the click then hits the neighbour.
 */
async function switchTo(page: Page, path: string) {
  const tab = page.locator(`[data-testid="tab"][data-path="${path}"]`);
  await poll(async () => {
    if ((await tab.getAttribute('data-active')) !== 'true') await tab.click();
    return page.url().endsWith(path) && (await tab.getAttribute('data-active')) === 'true';
  }).toBe(true);
}

async function open(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator(`[data-testid="tab"][data-path="${path}"][data-active="true"]`).waitFor();
}

async function tabAction(page: Page, path: string, label: string) {
  // Let the previous context menu finish closing, so only the new one is open.
  await poll(() => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()).toBe(0);
  await page.locator(`[data-testid="tab"][data-path="${path}"]`).click({ button: 'right' });
  // Items with an icon are named "<icon> <label>". Closed dropdowns stay in the DOM, hidden:
  // pick the item of the menu that is open now.
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: new RegExp(`(^|\\s)${label}$`) })
    .click();
}

describe('tabs strip', () => {
  it('opens a tab per full path from the menu, updates an open one in place, and keeps home first', async () => {
    const page = await adminPage();
    await poll(() => tabPaths(page)).toEqual(['/index']);
    await page.getByTestId('menu-UserSetting').click();
    await page.waitForURL(new RegExp(`${SETTING}$`));
    await page.getByTestId('menu-Guide').click();
    await page.getByTestId('menu-GuideUser').click();
    await page.waitForURL(/\/guide\/user$/);
    await poll(() => tabPaths(page)).toEqual(['/index', SETTING, '/guide/user']);
    await page.getByTestId('menu-UserSetting').click();
    await poll(() => tabPaths(page)).toEqual(['/index', SETTING, '/guide/user']);
    await poll(() => activePath(page)).toBe(SETTING);
    await open(page, '/guide/user?x=1');
    await poll(() => tabPaths(page)).toEqual(['/index', SETTING, '/guide/user', '/guide/user?x=1']);
    expect(await page.locator('[data-testid="tab"][data-path="/index"] [data-testid="tab-close"]').count()).toBe(0);
  });

  it('closing the current tab goes to the right neighbour, or to the left one when it was last', async () => {
    const page = await adminPage();
    for (const p of ['/guide/user', '/guide/doc', '/log']) await open(page, p);
    await open(page, '/guide/doc');
    await page.locator('[data-testid="tab"][data-path="/guide/doc"] [data-testid="tab-close"]').click();
    await page.waitForURL(/\/log$/);
    await poll(() => tabPaths(page)).toEqual(['/index', '/guide/user', '/log']);
    await page.locator('[data-testid="tab"][data-path="/log"] [data-testid="tab-close"]').click();
    await page.waitForURL(/\/guide\/user$/);
    // Middle-click closes too.
    await page.locator('[data-testid="tab"][data-path="/guide/user"]').click({ button: 'middle' });
    await page.waitForURL(/\/index$/);
    await poll(() => tabPaths(page)).toEqual(['/index']);
  });

  it('closes left, right, others and all from the context menu; home is never closed', async () => {
    const page = await adminPage();
    const paths = ['/guide/user', '/guide/doc', '/log', SETTING];
    for (const p of paths) await open(page, p);
    await tabAction(page, '/guide/doc', 'Close tabs to the left');
    await poll(() => tabPaths(page)).toEqual(['/index', '/guide/doc', '/log', SETTING]);
    await tabAction(page, '/log', 'Close tabs to the right');
    await poll(() => tabPaths(page)).toEqual(['/index', '/guide/doc', '/log']);
    // The current page was closed: the tab the action was asked on is shown.
    await poll(() => activePath(page)).toBe('/log');
    await open(page, SETTING);
    await tabAction(page, '/guide/doc', 'Close other tabs');
    await poll(() => tabPaths(page)).toEqual(['/index', '/guide/doc']);
    await poll(() => activePath(page)).toBe('/guide/doc');
    await open(page, '/log');
    await tabAction(page, '/log', 'Close all tabs');
    await page.waitForURL(/\/index$/);
    await poll(() => tabPaths(page)).toEqual(['/index']);
    await page.locator('[data-testid="tab"][data-path="/index"]').click({ button: 'right' });
    const close = page.getByRole('menuitem', { name: /(^|\s)Close$/ }).last();
    expect(await close.getAttribute('aria-disabled')).toBe('true');
  });

  it('reorders by dragging, persists at once and restores the tabs after a reload', async () => {
    const page = await adminPage();
    for (const p of ['/guide/user', '/guide/doc', '/log']) await open(page, p);
    await page
      .locator('[data-testid="tab"][data-path="/log"]')
      .dragTo(page.locator('[data-testid="tab"][data-path="/guide/user"]'));
    await poll(() => tabPaths(page)).toEqual(['/index', '/log', '/guide/user', '/guide/doc']);
    // Home cannot be displaced.
    await page
      .locator('[data-testid="tab"][data-path="/guide/doc"]')
      .dragTo(page.locator('[data-testid="tab"][data-path="/index"]'));
    expect((await tabPaths(page))[0]).toBe('/index');
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    await page.locator('[data-testid="tab"][data-path="/guide/doc"]').waitFor();
    await poll(() => tabPaths(page)).toEqual(['/index', '/log', '/guide/user', '/guide/doc']);
    await poll(() => activePath(page)).toBe('/log');
    // A reload on home keeps the other tabs (D2Admin lost them).
    await page.goto('/index');
    await page.getByTestId('app-layout').waitFor();
    await poll(() => tabPaths(page)).toEqual(['/index', '/log', '/guide/user', '/guide/doc']);
  });

  it('drops saved tabs whose route no longer exists for the user', async () => {
    const page = await adminPage();
    await open(page, '/guide/doc');
    await open(page, '/log');
    await h.t.database.db.update(menus).set({ enabled: false }).where(eq(menus.name, 'GuideDoc'));
    try {
      await page.reload();
      await page.getByTestId('app-layout').waitFor();
      await page.locator('[data-testid="tab"][data-path="/log"]').waitFor();
      await poll(() => tabPaths(page)).toEqual(['/index', '/log']);
    } finally {
      await h.t.database.db.update(menus).set({ enabled: true }).where(eq(menus.name, 'GuideDoc'));
    }
  });

  it('keeps separate state for two tabs of one cached page, and refresh resets only the tab asked', async () => {
    const page = await adminPage();
    const nick = (p: Page) => p.locator(`[data-page="${p.url().replace(/^https?:\/\/[^/]+/, '')}"] input#nickName`);
    await open(page, `${SETTING}?n=1`);
    await nick(page).fill('First draft');
    await open(page, `${SETTING}?n=2`);
    await nick(page).fill('Second draft');
    await switchTo(page, `${SETTING}?n=1`);
    expect(await nick(page).inputValue()).toBe('First draft');
    await switchTo(page, `${SETTING}?n=2`);
    expect(await nick(page).inputValue()).toBe('Second draft');
    // Refresh from the context menu of the other tab: that tab is reset, this one untouched.
    await tabAction(page, `${SETTING}?n=1`, 'Refresh');
    await page.waitForURL(/n=1$/);
    await poll(() => nick(page).inputValue()).toBe('admin');
    await switchTo(page, `${SETTING}?n=2`);
    expect(await nick(page).inputValue()).toBe('Second draft');
  });

  it('keeps Home and the front-end log mounted while switching between their tabs', async () => {
    const page = await adminPage();
    await open(page, '/log');
    const filter = page.getByPlaceholder('Filter by message or URL');
    await filter.fill('kept while away');
    await switchTo(page, '/index');
    expect(await page.getByTestId('home-greeting').isVisible()).toBe(true);
    expect(await filter.isVisible()).toBe(false);
    await switchTo(page, '/log');
    // The same page as before, shown again: what was typed is still there.
    expect(await filter.inputValue()).toBe('kept while away');
    expect(await page.getByTestId('home-greeting').isVisible()).toBe(false);
  });
});
