import { menus } from '@agent-console/server/test/db';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile, openSignedIn, registerStaff } from './support/harness';

/** The machine is shared and slow at times: give polled conditions 10 s, not vitest's 1 s. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

const h = harnessForFile();
beforeAll(async () => {
  await registerStaff(h, ['navstaff']);
});

const signedIn = (username: string, password: string, lang = 'en') => openSignedIn(h, username, password, lang);

describe('search panel', () => {
  it('opens with s, finds a page by fuzzy title, and opens it with arrows and Enter only', async () => {
    const page = await signedIn('admin', TEST_ADMIN_PASSWORD);
    await page.keyboard.press('s');
    const input = page.getByTestId('search-input');
    await input.waitFor();
    await poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // Empty query lists every leaf with its title path.
    await poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(20);
    expect(await page.getByTestId('search-results').innerText()).toContain('System management / Users');
    await page.keyboard.type('monlog');
    const first = await page.getByTestId('search-result').first().innerText();
    expect(first).toMatch(/Monitoring \/ (Operation|Login) logs/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    const chosen = await page.locator('[data-testid="search-result"][data-active="true"]').innerText();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/monitor\/(operlog|loginlog)$/);
    expect(chosen).toMatch(/Monitoring \/ (Operation|Login) logs/);
    await page.getByTestId('search-input').waitFor({ state: 'detached' });
  });

  it('closes with esc and does not open while typing in a field', async () => {
    const page = await signedIn('admin', TEST_ADMIN_PASSWORD);
    await page.keyboard.press('s');
    await page.getByTestId('search-input').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('search-input').waitFor({ state: 'detached' });
    await page.goto('/boot/admin/system/user/setting');
    const nick = page.locator('input#nickName');
    await nick.waitFor();
    await nick.fill('');
    await nick.type('sss');
    expect(await nick.inputValue()).toBe('sss');
    expect(await page.getByTestId('search-input').count()).toBe(0);
  });
});

describe('menu and routes', () => {
  it('warns that an entry without a path is temporary and opens an http(s) link in a new window', async () => {
    await h.t.database.db.update(menus).set({ path: null }).where(eq(menus.name, 'GuideUser'));
    await h.t.database.db.update(menus).set({ path: 'https://example.com/doc' }).where(eq(menus.name, 'GuideDoc'));
    try {
      const page = await signedIn('admin', TEST_ADMIN_PASSWORD);
      await page.context().route('https://example.com/**', (route) => route.fulfill({ body: 'external page' }));
      await page.getByTestId('menu-Guide').click();
      await page.getByTestId('menu-GuideUser').click();
      await page.getByText('This entry is temporary and has no page yet.').waitFor();
      expect(page.url()).toMatch(/\/index$/);
      const [popup] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByTestId('menu-GuideDoc').click(),
      ]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe('https://example.com/doc');
      expect(page.url()).toMatch(/\/index$/);
    } finally {
      await h.t.database.db.update(menus).set({ path: '/guide/user' }).where(eq(menus.name, 'GuideUser'));
      await h.t.database.db.update(menus).set({ path: '/guide/doc' }).where(eq(menus.name, 'GuideDoc'));
    }
  });

  it('shows 404 and logs "file does not exist" and "Cannot find module" for a menu whose page file is missing', async () => {
    await h.t.database.db.update(menus).set({ component: 'no/such/page' }).where(eq(menus.name, 'SystemPost'));
    try {
      const page = await signedIn('admin', TEST_ADMIN_PASSWORD);
      await page.goto('/system/post');
      await page.getByTestId('not-found').waitFor();
      // SPEC §8: the missing module is an error, so the log icon says so.
      expect(await page.getByTestId('log-icon').getAttribute('data-state')).toBe('errors');
      await page.getByTestId('log-icon').click();
      await page.waitForURL(/\/log$/);
      await page.getByText('file does not exist: pages/no/such/page.page.tsx').waitFor();
      await page.getByText('Cannot find module pages/no/such/page', { exact: true }).waitFor();
    } finally {
      await h.t.database.db.update(menus).set({ component: 'system/post/index' }).where(eq(menus.name, 'SystemPost'));
    }
  });

  it('gives a user only the menus of their roles; other routes are 404 even typed in', async () => {
    const page = await signedIn('navstaff', 'secret-123');
    await page.getByTestId('menu-Knowledge').waitFor();
    expect(await page.getByTestId('menu-System').count()).toBe(0);
    expect(await page.getByTestId('menu-Monitor').count()).toBe(0);
    expect(await page.getByTestId('header-menu-System').count()).toBe(0);
    for (const path of ['/system/user', '/monitor/online', '/boot/admin/system/menu', '/boot/admin/monitor/log/job']) {
      await page.goto(path);
      await page.getByTestId('not-found').waitFor();
      await page.getByTestId('app-layout').waitFor();
      expect(await page.locator(`[data-testid="tab"][data-path="${path}"]`).count()).toBe(0);
    }
    await page.keyboard.press('s');
    await page.getByTestId('search-input').waitFor();
    const text = await page.getByTestId('search-results').innerText();
    expect(text).toContain('Knowledge / QA');
    expect(text).not.toContain('System management');
    // Their own pages open normally.
    await page.keyboard.press('Escape');
    await page.goto('/boot/admin/system/user/setting');
    await page.getByTestId('user-setting').waitFor();
  });

  it('re-translates the menu, the tabs and the title on a language switch and sizes the aside per language', async () => {
    const page = await signedIn('admin', TEST_ADMIN_PASSWORD);
    await page.goto('/guide/user');
    await page.getByTestId('app-layout').waitFor();
    const tabTitle = page.locator('[data-testid="tab"][data-path="/guide/user"] [data-testid="tab-title"]');
    expect(await tabTitle.innerText()).toBe('User guide');
    expect(await page.getByTestId('aside').getAttribute('data-width')).toBe('280');
    expect(await page.title()).toBe('Agent Console | User guide');

    const switchTo = async (label: string) => {
      await page.getByTestId('language-switch').click();
      await page.getByRole('menuitem', { name: label }).click();
    };
    await switchTo('简体中文');
    await page.getByTestId('menu-System').getByText('系统管理').waitFor();
    await poll(() => tabTitle.innerText()).toBe('用户指南');
    expect(await page.locator('[data-testid="tab"][data-path="/index"]').innerText()).toContain('首页');
    expect(await page.getByTestId('aside').getAttribute('data-width')).toBe('210');
    await poll(() => page.title()).toBe('智能体控制台 | 用户指南');

    await switchTo('日本語');
    await page.getByTestId('menu-System').getByText('システム管理').waitFor();
    await poll(() => tabTitle.innerText()).toBe('ユーザーガイド');
    expect(await page.getByTestId('aside').getAttribute('data-width')).toBe('270');

    // Collapsed is 60 px, and stays so after a reload (kept per user).
    await page.getByTestId('aside-toggle').click();
    expect(await page.getByTestId('aside').getAttribute('data-width')).toBe('60');
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    expect(await page.getByTestId('aside').getAttribute('data-width')).toBe('60');
    expect(await page.getByTestId('aside').evaluate((el) => el.getBoundingClientRect().width)).toBe(60);
  });
});
