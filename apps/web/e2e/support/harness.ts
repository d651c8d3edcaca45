import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerMember } from '@agent-console/server/test/fixtures/users';
import { createTestApp, type TestApp, type TestAppOptions } from '@agent-console/server/test/test-app';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ContextPool } from './context-pool';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const LANG_COOKIE = 'agent-console-1.18.0-lang';

/** The context pools of the open harnesses (one per test file, so at most one at a time). */
const pools = new Set<ContextPool>();
let testRunning = false;

/** Called by the setup file around every test: contexts taken in a test are taken back after it. */
export function testStarts(): void {
  testRunning = true;
}
export async function testEnds(): Promise<void> {
  testRunning = false;
  for (const pool of pools) await pool.takeBack();
}

/** The pages the running test opened, or every page tests opened when it opened none (it drives pages from beforeAll). */
export function pagesOfTest(): Page[] {
  const own = [...pools].flatMap((pool) => pool.pages(true));
  return own.length ? own : [...pools].flatMap((pool) => pool.pages(false));
}

export interface Harness {
  t: TestApp;
  baseUrl: string;
  browser: Browser;
  /**
   * A page in a browser context of its own (own cookies and storage) with an optional language
   * cookie. The context is a clean one used again (see ContextPool); one taken in a test is
   * taken back, its pages closed, when the test ends.
   */
  newPage(options?: {
    lang?: string;
    width?: number;
    height?: number;
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The built web app served by a real server on a random loopback port, on its own copy of
 * the seeded database, driven by Debian's Chromium (never a downloaded browser).
 */
export async function startHarness(options: Omit<TestAppOptions, 'webDist'> = {}): Promise<Harness> {
  const t = await createTestApp({ ...options, webDist: WEB_DIST });
  // With the `gateway` option the test app listens already: its simulator needs the address.
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const pool = new ContextPool(browser, baseUrl, (context) => {
    // Generous: CI runs the API suite beside these on two cores; a wait that succeeds ends early.
    context.setDefaultTimeout(30_000);
  });
  pools.add(pool);
  return {
    t,
    baseUrl,
    browser,
    async newPage(options = {}) {
      const context = await pool.take(options.width ?? 1280, options.height ?? 800, testRunning);
      if (options.lang) await context.addCookies([{ name: LANG_COOKIE, value: options.lang, url: baseUrl }]);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      pools.delete(pool);
      await pool.close();
      await browser.close();
      await t.close();
    },
  };
}

/** Signs in through the form and waits for Home. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByTestId('login-form').locator('input#username').fill(username);
  await page.getByTestId('login-form').locator('input#password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Registers members of the root customer (seeded Staff role), as they would sign up. */
export async function registerStaff(h: Harness, usernames: string[], password = 'secret-123'): Promise<void> {
  for (const username of usernames) await registerMember(h.t, username, password);
}

/** A fresh page signed in through the form, on Home with the shell drawn. */
export async function openSignedIn(h: Harness, username: string, password: string, lang = 'en'): Promise<Page> {
  const { page } = await h.newPage({ lang });
  await signIn(page, username, password);
  await page.waitForURL(/\/index$/);
  await page.getByTestId('app-layout').waitFor();
  return page;
}
