import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFullScreenChat } from './support/chat-modal';
import { fillInputs } from './support/form';
import { harnessForFile, registerStaff, signIn } from './support/harness';

/** The machine is shared and slow at times: give polled conditions 10 s, not vitest's 1 s. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

const h = harnessForFile();
beforeAll(async () => {
  await registerStaff(h, ['setstaff']);
});

async function signInAs(page: Page, username: string, password: string) {
  await signIn(page, username, password);
  // Back where the user signed out from, or Home.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByTestId('app-layout').waitFor();
}

async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /Log out/ }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/login\?redirect=/);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator(`[data-testid="tab"][data-path="${path}"][data-active="true"]`).waitFor();
}

const tabPaths = (page: Page) =>
  page.getByTestId('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? ''));

async function record(context: BrowserContext, page: Page, username: string) {
  void context;
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
    `agent-console-1.18.0-${username}-settings`,
  );
}

describe('size, colour and per-user settings', () => {
  it('applies size and colour to the whole theme, persists them and restores them after signing in again', async () => {
    const { page, context } = await h.newPage({ lang: 'en' });
    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('size-switch').click();
    await page.getByTestId('size-small').click();
    await page.getByText('Size changed to Small').waitFor();
    await poll(() => page.getByTestId('search-button').getAttribute('class')).toContain('ant-btn-sm');

    await page.getByTestId('color-switch').click();
    await page.getByTestId('color-panel').waitFor();
    await page.locator('.ant-color-picker-presets-color').nth(4).click();
    await poll(async () => (await record(context, page, 'admin'))?.color).toBe('#FA8C16');
    const stored = await record(context, page, 'admin');
    expect(stored).toMatchObject({ version: 1, size: 'small', color: '#FA8C16', theme: { activeName: 'classic' } });

    await logout(page);
    // Signed out, the sign-in page uses the defaults again.
    expect(await page.getByTestId('login-submit').getAttribute('class')).not.toContain('ant-btn-sm');
    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    await poll(() => page.getByTestId('search-button').getAttribute('class')).toContain('ant-btn-sm');
    const primary = await page
      .getByTestId('home-shortcuts')
      .locator('.home-shortcut-icon')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(primary).toBe('rgb(250, 140, 22)');

    // Reset returns to #409EFF.
    await page.getByTestId('color-switch').click();
    await page.getByTestId('color-reset').click();
    await poll(async () => (await record(context, page, 'admin'))?.color).toBe('#409EFF');
  });

  it('gives two users on one browser each their own tabs and settings back', async () => {
    const { page, context } = await h.newPage({ lang: 'en' });
    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    await open(page, '/log');
    await open(page, '/guide/user');
    await page.getByTestId('aside-toggle').click();
    await logout(page);
    await page.goto('/login');

    await signInAs(page, 'setstaff', 'secret-123');
    expect(await tabPaths(page)).toEqual(['/index']);
    expect(await page.getByTestId('aside').getAttribute('data-width')).toBe('280');
    await open(page, '/guide/doc');
    await logout(page);
    await page.goto('/login');

    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    await poll(() => tabPaths(page)).toEqual(['/index', '/log', '/guide/user']);
    expect(await page.getByTestId('aside').getAttribute('data-width')).toBe('60');
    await logout(page);
    await page.goto('/login');

    await signInAs(page, 'setstaff', 'secret-123');
    await poll(() => tabPaths(page)).toEqual(['/index', '/guide/doc']);
    expect(await page.getByTestId('aside').getAttribute('data-width')).toBe('280');
    expect(
      Object.keys(await page.evaluate(() => ({ ...localStorage })))
        .filter((k) => k.startsWith('agent-console-'))
        .sort(),
    ).toEqual(['agent-console-1.18.0-admin-settings', 'agent-console-1.18.0-setstaff-settings']);
    void context;
  });

  it('opens the appearance drawer (loaded when first opened) and keeps the page transition switched off', async () => {
    const { page, context } = await h.newPage({ lang: 'en' });
    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('theme-settings').click();
    const transition = page.getByTestId('transition-switch');
    await transition.waitFor();
    expect(await transition.getAttribute('aria-checked')).toBe('true');
    await transition.click();
    await poll(async () => (await record(context, page, 'admin'))?.transition.active).toBe(false);
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    await page.getByTestId('theme-settings').click();
    await poll(() => page.getByTestId('transition-switch').getAttribute('aria-checked')).toBe('false');
  });

  it('falls back to the one theme for an unknown stored theme name and re-saves it', async () => {
    const { page, context } = await h.newPage({ lang: 'en' });
    await page.goto('/login');
    await page.evaluate(() =>
      localStorage.setItem(
        'agent-console-1.18.0-admin-settings',
        JSON.stringify({ version: 1, theme: { activeName: 'neon' }, size: 'huge', color: 'red' }),
      ),
    );
    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    await poll(async () => (await record(context, page, 'admin'))?.theme.activeName).toBe('classic');
    expect(await page.getByTestId('search-button').getAttribute('class')).not.toContain('ant-btn-sm');
  });
});

describe('front-end log, logout and chat', () => {
  it('counts logs and errors on the log icon after a failing request and lists them on /log', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    expect(await page.getByTestId('log-icon').getAttribute('data-state')).toBe('empty');
    await page.goto('/boot/admin/system/user/setting');
    await page.getByRole('tab', { name: /Password/ }).click();
    const form = page.getByTestId('password-form');
    await fillInputs(form, {
      oldPassword: 'not-my-password',
      newPassword: 'secret-999',
      confirmPassword: 'secret-999',
    });
    await page.getByTestId('password-submit').click();
    await form.getByText('Current password is incorrect').waitFor();
    await poll(() => page.getByTestId('log-icon').getAttribute('data-state')).toBe('errors');
    expect(await page.getByTestId('log-badge').innerText()).toBe('1');
    await page.getByTestId('log-icon').hover();
    await page.getByRole('tooltip').getByText('1 logs | 1 errors').waitFor();

    // Uncaught errors count too; the badge stops at 99.
    await page.evaluate(() => {
      for (let i = 0; i < 120; i++)
        setTimeout(() => {
          throw new Error(`boom ${i}`);
        });
    });
    await poll(() => page.getByTestId('log-badge').innerText()).toBe('99+');

    await page.getByTestId('log-icon').click();
    await page.waitForURL(/\/log$/);
    // Newest first, 20 a page: the failed request is the oldest entry, so find it by the filter.
    await page.getByPlaceholder('Filter by message or URL').fill('Current password');
    await page.getByTestId('log-table').getByText('Current password is incorrect', { exact: false }).first().waitFor();
    await page.getByTestId('log-clear').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No log entries.', { exact: false }).waitFor();
    expect(await page.getByTestId('log-icon').getAttribute('data-state')).toBe('empty');
  });

  it('asks before logging out with the page greyed; cancel says so, confirm clears the session', async () => {
    const { page, context } = await h.newPage({ lang: 'en' });
    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    await open(page, '/log');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /Log out/ }).click();
    await page.getByText('Are you sure you want to log out?').waitFor();
    expect(await page.locator('.ant-modal-mask').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Logout cancelled').waitFor();
    expect(page.url()).toMatch(/\/log$/);
    await logout(page);
    expect(page.url()).toContain('/login?redirect=%2Flog');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('agent-console-1.18.0-token');
    expect(names).not.toContain('agent-console-1.18.0-uuid');
    // The saved tabs survive for the next sign-in of this user.
    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    await poll(() => tabPaths(page)).toEqual(['/index', '/log']);
  });

  it('opens the chat as a window on desktop and as a full-screen modal below 768 px; without apps it says how to get one', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await signInAs(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('chat-bubble').click();
    // No app exists yet: no question box, and the way to create one for those who may.
    const empty = page.getByTestId('chat-window').getByTestId('chat-no-apps');
    await empty.getByText('No app to talk to yet').waitFor();
    expect(await page.getByTestId('chat-window').locator('textarea').count()).toBe(0);
    await empty.getByRole('link', { name: 'Open App info' }).click();
    await page.waitForURL(/\/app\/info$/);

    const { page: mobile } = await h.newPage({ lang: 'en', width: 375, height: 700 });
    await signInAs(mobile, 'admin', TEST_ADMIN_PASSWORD);
    await mobile.getByTestId('chat-bubble').click();
    const modal = mobile.getByTestId('chat-modal');
    await modal.getByText('No app to talk to yet').waitFor();
    await expectFullScreenChat(mobile, 370, 690);
  });
});
