import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Browser contexts handed to tests and taken back, cleaned, when the test ends.
 *
 * A page in a fresh context costs Chromium about 2.2 s of CPU to sign in and draw a list: a new
 * renderer process, and every script of the app compiled from nothing. The same page in a context
 * that keeps a page of the site open costs about 1.3 s: Chromium gives the new page the open
 * page's renderer, whose compiled scripts it keeps. Tests open some two hundred pages, and the
 * browser suite shares two cores with the API suite, so each context keeps such an anchor page
 * (on the server's health answer) and is used again by the next test that asks for one of its size.
 *
 * Taking a context back closes the test's pages and clears what a person's browser would keep
 * between two people: cookies, local and session storage, permissions, and the routes a test set.
 * What cannot be undone (a fake clock, an init script, exposed functions, offline mode, extra
 * headers) marks the context spent: it is closed instead of being used again.
 */
export interface PooledContext {
  context: BrowserContext;
  /** Keeps the site's renderer alive between tests; never handed to a test. */
  anchor: Page;
  key: string;
  spent: boolean;
  /** Taken by a test (taken back when it ends), not by a hook that shares it with several tests. */
  byTest: boolean;
}

/** Context methods whose effect outlives the test and cannot be cleared. */
const LASTING = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setOffline',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'setHTTPCredentials',
  'routeFromHAR',
  'routeWebSocket',
] as const;
const LASTING_CLOCK = [
  'install',
  'setFixedTime',
  'setSystemTime',
  'runFor',
  'fastForward',
  'pauseAt',
  'resume',
] as const;

/** Marks the context spent as soon as a test calls one of the LASTING methods on it. */
function watchLastingChanges(pooled: PooledContext): void {
  const spend = <T extends object>(target: T, names: readonly string[]) => {
    for (const name of names) {
      const original = (target as Record<string, unknown>)[name];
      if (typeof original !== 'function') continue;
      (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
        pooled.spent = true;
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  spend(pooled.context, LASTING);
  // page.clock is its context's clock.
  spend(pooled.context.clock, LASTING_CLOCK);
}

const sizeKey = (width: number, height: number) => `${width}x${height}`;

export class ContextPool {
  private readonly idle: PooledContext[] = [];
  private readonly lent = new Set<PooledContext>();

  constructor(
    private readonly browser: Browser,
    private readonly baseUrl: string,
    private readonly prepare: (context: BrowserContext) => void,
  ) {}

  /** A clean context of this viewport size, with its anchor page open. */
  async take(width: number, height: number, byTest: boolean): Promise<BrowserContext> {
    const index = this.idle.findIndex((p) => p.key === sizeKey(width, height));
    const pooled = index >= 0 ? this.idle.splice(index, 1)[0] : await this.create(width, height);
    if (!pooled) throw new Error('no pooled context');
    pooled.byTest = byTest;
    this.lent.add(pooled);
    return pooled.context;
  }

  /** The pages tests opened: those of the contexts the running test took, or of all lent ones. */
  pages(ofTest: boolean): Page[] {
    return [...this.lent]
      .filter((p) => !ofTest || p.byTest)
      .flatMap((p) => p.context.pages().filter((page) => page !== p.anchor));
  }

  /** Takes back the contexts the ended test took: cleaned for the next one, or closed. */
  async takeBack(): Promise<void> {
    const lent = [...this.lent].filter((p) => p.byTest);
    for (const pooled of lent) this.lent.delete(pooled);
    for (const pooled of lent) {
      if (pooled.spent || pooled.anchor.isClosed() || !(await this.clean(pooled))) {
        await pooled.context.close().catch(() => {});
        continue;
      }
      this.idle.push(pooled);
    }
  }

  async close(): Promise<void> {
    for (const pooled of [...this.idle, ...this.lent]) await pooled.context.close().catch(() => {});
    this.idle.length = 0;
    this.lent.clear();
  }

  private async create(width: number, height: number): Promise<PooledContext> {
    const context = await this.browser.newContext({
      baseURL: this.baseUrl,
      viewport: { width, height },
      // The console honours reduced motion (no dialog zoom): on a loaded machine a click could
      // otherwise be aimed at a button still growing from its animation's first frame and miss it.
      reducedMotion: 'reduce',
    });
    this.prepare(context);
    const anchor = await context.newPage();
    await anchor.goto('/api/health');
    const pooled: PooledContext = { context, anchor, key: sizeKey(width, height), spent: false, byTest: false };
    watchLastingChanges(pooled);
    return pooled;
  }

  /** What a test left in the context, cleared; false when the context is in no state to be used again. */
  private async clean(pooled: PooledContext): Promise<boolean> {
    try {
      for (const page of pooled.context.pages()) if (page !== pooled.anchor) await page.close();
      await pooled.context.unrouteAll({ behavior: 'ignoreErrors' });
      await pooled.context.clearCookies();
      await pooled.context.clearPermissions();
      await pooled.anchor.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      return true;
    } catch {
      return false;
    }
  }
}
