import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN_PASSWORD, startBenchServer } from '../lib/server';
import { percentile } from '../lib/stats';
import type { Figure, Scenario } from '../lib/types';

const DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

function gzipKiB(urlPath: string): number {
  const file = path.join(DIST, decodeURIComponent(new URL(urlPath).pathname));
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/** Issue 7 scenario 4: bundle sizes as a browser loads them, first paint, sign-in, tab switch. */
export const webScenario: Scenario = {
  name: 'web',
  // Bundle sizes and browser timings: the database behind the page does not change them.
  databases: ['pglite'],
  async run(ctx) {
    const server = await startBenchServer(ctx, 'web');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 800 } });
      await context.addCookies([{ name: 'agent-console-1.18.0-lang', value: 'en', url: server.baseUrl }]);
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on('response', (res) => {
        const url = res.url();
        if (url.startsWith(server.baseUrl) && /\/assets\/.+\.(js|css)$/.test(url)) loaded.add(url);
      });

      await page.goto('/login', { waitUntil: 'networkidle' });
      const signInJs = [...loaded].filter((u) => u.endsWith('.js')).reduce((s, u) => s + gzipKiB(u), 0);
      const fcp = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      );

      await page.locator('input#username').fill('admin');
      await page.locator('input#password').fill(BENCH_ADMIN_PASSWORD);
      const start = Date.now();
      await page.getByTestId('login-submit').click();
      await page.getByTestId('home-greeting').waitFor();
      const signInToHome = Date.now() - start;
      await page.waitForLoadState('networkidle');
      const shellTotal = [...loaded].reduce((s, u) => s + gzipKiB(u), 0);

      const figures: Figure[] = [
        {
          scenario: 'web',
          name: 'sign-in entry JS (gzip)',
          value: signInJs,
          unit: 'KiB',
          target: { kind: 'max', value: 200 },
        },
        {
          scenario: 'web',
          name: 'shell after sign-in, JS+CSS (gzip)',
          value: shellTotal,
          unit: 'KiB',
          target: { kind: 'max', value: 400 },
        },
        { scenario: 'web', name: 'sign-in page first contentful paint', value: fcp, unit: 'ms' },
        { scenario: 'web', name: 'sign-in to Home interactive', value: signInToHome, unit: 'ms' },
      ];

      const tabSwitch = await measureTabSwitch(page);
      if (tabSwitch !== undefined) {
        figures.push({
          scenario: 'web',
          name: 'tab switch (p50 of 20)',
          value: tabSwitch,
          unit: 'ms',
          target: { kind: 'max', value: 50 },
        });
      }
      return figures;
    } finally {
      await browser.close();
      await server.dispose();
    }
  },
};

/** Each open tab and the element that shows its page's content. */
const TAB_PAGES = [
  { path: '/index', content: '[data-testid="home-greeting"]' },
  { path: '/log', content: '[data-testid="log-table"]' },
];

/**
 * Opens /log beside Home and switches between the two tabs 20 times. Each switch is timed inside
 * the page, from the click to the first frame where the tab is active and its content is visible,
 * so the figure is what a person sees and not the test driver's round trips.
 */
async function measureTabSwitch(page: import('playwright-core').Page): Promise<number | undefined> {
  await page.goto('/log');
  await page.locator('[data-testid="log-table"]').waitFor();
  if ((await page.locator('[data-testid="tab"]').count()) < 2) return undefined;
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const target = TAB_PAGES[i % TAB_PAGES.length];
    if (!target) break;
    const ms = Number(await page.evaluate(timeSwitchScript(target.path, target.content)));
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

/**
 * The in-page timing as source text: tsx would add its own helpers to a compiled function, and
 * those do not exist in the page.
 */
function timeSwitchScript(path: string, content: string): string {
  return `new Promise((resolve, reject) => {
    const tab = document.querySelector('[data-testid="tab"][data-path="${path}"]');
    if (!tab) return reject(new Error('no tab for ${path}'));
    const start = performance.now();
    tab.click();
    function check() {
      const active = tab.getAttribute('data-active') === 'true';
      const el = document.querySelector(${JSON.stringify(content)});
      const shown = !!el && el.checkVisibility();
      if (active && shown) resolve(performance.now() - start);
      else if (performance.now() - start > 5000) reject(new Error('tab ${path} did not show'));
      else requestAnimationFrame(check);
    }
    requestAnimationFrame(check);
  })`;
}
