import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdminFixtures } from '@agent-console/server/test/fixtures/admin-app';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { useStarted } from '@agent-console/server/test/fixtures/started';
import { registerMember } from '@agent-console/server/test/fixtures/users';
import { createTestApp, type TestApp, type TestAppOptions } from '@agent-console/server/test/test-app';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { beforeAll } from 'vitest';
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
export type HarnessOptions = Omit<TestAppOptions, 'webDist'>;

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
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

/**
 * The harness of a spec file, started before its tests and closed after them (useStarted), so a
 * spec declares it in one line. `options` may be a function, for options known only once a peer
 * has started in an earlier hook; the file's own beforeAll hooks declared after this run once the
 * harness is up.
 */
export function harnessForFile(options: HarnessOptions | (() => HarnessOptions) = {}): Harness {
  // biome-ignore lint/correctness/useHookAtTopLevel: useStarted registers vitest's beforeAll/afterAll, no React hook
  return useStarted(() => startHarness(typeof options === 'function' ? options() : options), 'harnessForFile');
}

export interface AdminHarness {
  h: Harness;
  /** The administrator's API token; read it in a test or a hook, once the sign-in is done. */
  admin: () => string;
  /** Customers, roles, users and checked calls, made through the API as the administrator. */
  f: AdminFixtures;
}

/** harnessForFile with the administrator signed in over the API before the tests (as useAdminApp). */
export function adminHarnessForFile(options: HarnessOptions | (() => HarnessOptions) = {}): AdminHarness {
  const h = harnessForFile(options);
  let token: string | undefined;
  beforeAll(async () => {
    token = await h.t.loginAdmin();
  });
  const admin = () => {
    if (token === undefined) throw new Error('adminHarnessForFile: the administrator is not signed in yet');
    return token;
  };
  // The fixtures hold the app from now on; it is read through the harness once that has started.
  const t = new Proxy({} as TestApp, {
    get(_target, key) {
      const value: unknown = Reflect.get(h.t, key);
      return typeof value === 'function' ? value.bind(h.t) : value;
    },
  });
  return { h, admin, f: fixtures(t, admin) };
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

/** A fresh page (of `size`, else the desktop's) with the administrator signed in through the form, then on `path`. */
export async function openAdminOn(
  h: Harness,
  path: string,
  lang: string,
  size?: { width: number; height: number },
): Promise<Page> {
  const { page } = await h.newPage({ lang, ...size });
  await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
  await page.waitForURL(/\/index$/);
  await page.goto(path);
  return page;
}
