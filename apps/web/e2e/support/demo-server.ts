import { type ChildServer, childData, startChildServer } from '@agent-console/server/test/child-server';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM, LANG_COOKIE } from './harness';

/** The built console started as `npm run demo` starts it (demo mode, its own data), with a browser. */
export interface DemoServer {
  server: ChildServer;
  browser: Browser;
  /** A page in a fresh context of the given width and language. */
  newPage(options: { lang: string; width: number; height?: number }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Starts the built server with `DEMO=true` on a copy of the seeded template: the child generates
 * the demo customer before it prints that it runs, which is what startChildServer waits for.
 */
export async function startDemoServer(prefix: string): Promise<DemoServer> {
  const data = childData(prefix, 'demo-admin-password-1', inject('databaseTemplate'));
  await data.prepare();
  // The small demo (DEMO_SIZE) tells the same story with fewer contacts; the generation runs
  // before the child says it runs, beside the whole API suite in CI: it is given minutes.
  const server = await startChildServer(data.env({ DEMO: 'true', DEMO_SIZE: 'small' }), { startMs: 600_000 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  return {
    server,
    browser,
    async newPage({ lang, width, height = 900 }) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height } });
      context.setDefaultTimeout(30_000);
      await context.addCookies([{ name: LANG_COOKIE, value: lang, url: server.baseUrl }]);
      return context.newPage();
    },
    async close() {
      await browser.close();
      await server.stop();
      await data.dispose();
    },
  };
}
