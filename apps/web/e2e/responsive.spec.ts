import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './support/harness';

/**
 * Phone (390×844) and tablet (768×1024) in English and Chinese: sign-in, home, a list, a dialog and
 * the chat fit the screen; the header's tools, the menu drawer and the user menu are reachable.
 * With SCREENSHOTS=1 the screens are saved to docs/screenshots (committed; see docs/responsive.md).
 */

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;
const LANGS = ['en', 'zh-chs'] as const;
type Lang = (typeof LANGS)[number];

/** Texts the checks look for, per language (the other language is the one switched to and back). */
const TEXT = {
  en: {
    other: 'zh-chs',
    name: 'English',
    tools: 'Tools and settings',
    logout: 'Log out',
    chatOpen: 'Chat with the agent',
  },
  'zh-chs': { other: 'en', name: '简体中文', tools: '工具与设置', logout: '退出登录', chatOpen: '与智能体对话' },
} as const;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function shot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  // Toasts come and go; the committed pictures show the screen itself.
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Nothing scrolls the page sideways, and each named element lies within the screen's width. */
async function expectFits(page: Page, selectors: string[]) {
  const width = page.viewportSize()?.width ?? 0;
  await poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
    0,
  );
  for (const selector of selectors) {
    const box = await page.locator(selector).first().boundingBox();
    expect(box, selector).not.toBeNull();
    expect(box?.x ?? -1, selector).toBeGreaterThanOrEqual(-0.5);
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY), selector).toBeLessThanOrEqual(width + 0.5);
  }
}

const settingsRecord = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('agent-console-1.18.0-admin-settings') ?? 'null'));

async function signInPage(page: Page, prefix: string) {
  await page.goto('/login');
  await page.getByTestId('login-form').waitFor();
  await expectFits(page, [
    '[data-testid="login-form"]',
    '[data-testid="login-submit"]',
    '[data-testid="language-switch"]',
  ]);
  await shot(page, `${prefix}-sign-in`);
  await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
  await page.getByTestId('home-shortcuts').waitFor();
}

async function switchLanguage(page: Page, lang: Lang) {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: TEXT[lang].name }).click();
  await poll(() => page.getByTestId('language-switch').innerText()).toBe(TEXT[lang].name);
}

/** The list: the card fits, the table scrolls inside it, and its first column stays in view. */
async function listScreen(page: Page, prefix: string, phone: boolean) {
  await page.getByTestId('user-page').locator('.ant-table-row').first().waitFor();
  if (phone) {
    // Issue 37: the filters wait folded behind one button, so the list starts near the top.
    const toggle = page.getByTestId('crud-filters-toggle');
    expect(await page.getByTestId('crud-search').isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByTestId('crud-search').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  } else {
    expect(await page.getByTestId('crud-filters-toggle').count()).toBe(0);
  }
  await expectFits(page, [
    '[data-testid="user-page"]',
    '[data-testid="crud-search"]',
    '[data-testid="crud-search-submit"]',
    '[data-testid="crud-create"]',
    '[data-testid="user-page"] .ant-table-wrapper',
    '[data-testid="user-page"] .ant-pagination',
  ]);
  const scroller = page.getByTestId('user-page').locator('.ant-table-content');
  const first = page.getByTestId('user-page').locator('thead th').nth(1);
  const last = page.getByTestId('user-page').locator('thead th').last();
  const width = page.viewportSize()?.width ?? 0;
  if (phone) {
    await poll(() => scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // Nothing pinned on the right of a phone: the actions column waits off screen, to be scrolled to.
    expect((await last.boundingBox())?.x).toBeGreaterThan(width);
  }
  await shot(page, `${prefix}-list`);
  const before = (await first.boundingBox())?.x;
  await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await poll(
    async () => ((await last.boundingBox())?.x ?? 0) + ((await last.boundingBox())?.width ?? 0),
  ).toBeLessThanOrEqual(width);
  expect((await first.boundingBox())?.x).toBe(before);
  await scroller.evaluate((el) => {
    el.scrollLeft = 0;
  });
  if (phone) {
    // A search folds the filters again and the button counts the ones in force; Reset clears it.
    const toggle = page.getByTestId('crud-filters-toggle');
    await page.getByTestId('filter-username').fill('admin');
    await page.getByTestId('crud-search-submit').click();
    await poll(() => toggle.getAttribute('data-active')).toBe('1');
    expect(await page.getByTestId('crud-search').isVisible()).toBe(false);
    await toggle.click();
    await page.getByTestId('crud-search-reset').click();
    await poll(() => toggle.getAttribute('data-active')).toBe('0');
  }
}

async function dialog(page: Page, prefix: string) {
  await page.getByTestId('crud-create').click();
  await page.getByTestId('user-dialog').waitFor();
  await expectFits(page, ['.ant-modal', '[data-testid="crud-dialog-ok"]', '[data-testid="user-dialog"] #nickName']);
  await shot(page, `${prefix}-dialog`);
  await page.keyboard.press('Escape');
  await page.getByTestId('user-dialog').waitFor({ state: 'hidden' });
}

describe.each(SIZES)('$name ($width×$height)', (size) => {
  const phone = size.name === 'phone';

  it.each(LANGS)('%s: sign-in, home, tools, menu, list, dialog and chat fit the screen', async (lang) => {
    const text = TEXT[lang];
    const prefix = `${size.name}-${lang}`;
    const { page } = await h.newPage({ lang, width: size.width, height: size.height });
    await signInPage(page, prefix);
    await poll(() => page.getByTestId('app-layout').getAttribute('data-viewport')).toBe(size.name);

    if (phone) {
      // One menu button, the logo alone, one tools button: nothing else in the header.
      expect(await page.getByTestId('aside').count()).toBe(0);
      expect(await page.getByTestId('header-menu').count()).toBe(0);
      expect(await page.locator('.app-brand-name').count()).toBe(0);
      await expectFits(page, [
        '.app-header',
        '[data-testid="nav-drawer-toggle"]',
        '[data-testid="brand"]',
        '[data-testid="header-tools-toggle"]',
        '[data-testid="home-shortcuts"]',
      ]);
      await shot(page, `${prefix}-home`);

      // Every header tool, and the user menu, from the one tools button.
      await page.getByTestId('header-tools-toggle').click();
      const tools = page.getByTestId('header-tools');
      await tools.waitFor();
      const rows = ['search', 'fullscreen', 'log', 'size', 'color', 'theme', 'language'];
      await expectFits(page, [
        '[data-testid="header-tools"]',
        '[data-testid="user-menu"]',
        ...rows.map((r) => `[data-testid="mobile-tool-${r}"]`),
        '[data-testid="search-button"]',
        '[data-testid="size-switch"]',
        '[data-testid="language-switch"]',
      ]);
      await page.getByText(text.tools).waitFor();
      await shot(page, `${prefix}-tools`);
      await switchLanguage(page, text.other);
      await page.getByText(TEXT[text.other].tools).waitFor();
      await switchLanguage(page, lang);
      await page.getByText(text.tools).waitFor();
      await tools.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: text.logout }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem', { name: text.logout }).waitFor({ state: 'hidden' });
      await page.locator('.mobile-tools .ant-drawer-close').click();
      await tools.waitFor({ state: 'hidden' });

      // The side menu is a drawer; choosing a page closes it.
      await page.getByTestId('nav-drawer-toggle').click();
      await page.getByTestId('nav-drawer').waitFor();
      await expectFits(page, ['[data-testid="nav-drawer"]', '[data-testid="menu-System"]']);
      await shot(page, `${prefix}-menu`);
      await page.getByTestId('menu-System').click();
      await page.getByTestId('menu-SystemUser').click();
      await page.waitForURL(/\/system\/user/);
      await page.getByTestId('nav-drawer').waitFor({ state: 'hidden' });
    } else {
      // A tablet starts with the side menu collapsed, without changing the saved desktop choice.
      await poll(() => page.getByTestId('aside').getAttribute('data-width')).toBe('60');
      expect((await settingsRecord(page))?.menu?.asideCollapse ?? false).toBe(false);
      const tools = ['search-button', 'fullscreen-toggle', 'log-icon', 'size-switch', 'color-switch'];
      await expectFits(page, [
        '.app-header',
        '[data-testid="aside"]',
        '[data-testid="home-shortcuts"]',
        ...[...tools, 'theme-settings', 'language-switch', 'user-menu'].map((id) => `[data-testid="${id}"]`),
      ]);
      await shot(page, `${prefix}-home`);
      await page.getByTestId('aside-toggle').click();
      await poll(() => page.getByTestId('aside').getAttribute('data-width')).toBe(lang === 'en' ? '280' : '210');
      await page.getByTestId('aside-toggle').click();
      await poll(() => page.getByTestId('aside').getAttribute('data-width')).toBe('60');
      expect((await settingsRecord(page))?.menu?.asideCollapse ?? false).toBe(false);

      await switchLanguage(page, text.other);
      await switchLanguage(page, lang);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: text.logout }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem', { name: text.logout }).waitFor({ state: 'hidden' });
      await page.goto('/system/user');
    }

    await listScreen(page, prefix, phone);
    await dialog(page, prefix);

    // The chat: edge to edge on a phone, its bubble's tooltip gone while it is open.
    await page.getByTestId('chat-bubble').click();
    if (phone) {
      const chat = page.getByTestId('chat-modal');
      await chat.waitFor();
      await poll(() => chat.boundingBox()).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
      await poll(() => page.getByRole('tooltip').filter({ hasText: text.chatOpen }).isVisible()).toBe(false);
    } else {
      await page.getByTestId('chat-window').waitFor();
      await expectFits(page, ['[data-testid="chat-window"]']);
    }
    await shot(page, `${prefix}-chat`);
    await page.getByRole('button', { name: lang === 'en' ? 'Close chat' : '关闭对话' }).click();

    // Signing out works from the tools too.
    if (phone) await page.getByTestId('header-tools-toggle').click();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: text.logout }).click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.waitForURL(/\/login/);
  });
});
