import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoServer, startDemoServer } from './support/demo-server';

/**
 * `npm run demo` (issue 37, docs/demo.md): the built console in demo mode generates its demo
 * customer on the first start; "Try the demo" signs in as the read-only demo user, and Home, the
 * metrics dashboard and the usage report show figures that are not zero — in English and Chinese.
 */
let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer('demo-e2e');
}, 240_000);
afterAll(() => demo?.close());

const TEXTS = {
  en: { button: 'Try the demo' },
  'zh-chs': { button: '试用演示' },
} as const;

/** The number a statistic card shows (thousands separators and units dropped). */
async function statistic(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[^\d.]/g, '') || 'NaN');
}

for (const lang of ['en', 'zh-chs'] as const) {
  describe(`demo (${lang})`, () => {
    it('signs in with "Try the demo" and finds the demo alive on Home, the dashboard and the usage report', async () => {
      const page = await demo.newPage({ lang, width: 1440 });
      await page.goto('/login');
      const button = page.getByTestId('login-try-demo');
      await expect.poll(() => button.innerText()).toContain(TEXTS[lang].button);
      await button.click();
      await page.waitForURL(/\/index$/);
      await page.getByTestId('app-layout').waitFor();

      // Home: conversations waiting for a person.
      const waiting = page.getByTestId('home-needs-person-total');
      await expect.poll(async () => Number(await waiting.innerText())).toBeGreaterThan(0);

      await page.goto('/metrics/dashboard');
      await expect.poll(() => statistic(page, 'kpi-messagesIn')).toBeGreaterThan(0);
      expect(await statistic(page, 'kpi-activeSessions')).toBeGreaterThan(0);

      await page.goto('/usage/dashboard');
      await expect.poll(() => statistic(page, 'usage-card-used')).toBeGreaterThan(0);
      await page.context().close();
    });
  });
}

describe('demo login', () => {
  it('is a read-only session: a write is refused', async () => {
    const res = await fetch(`${demo.server.baseUrl}/api/demo/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { data } = (await res.json()) as { data: { accessToken: string } };
    const write = await fetch(`${demo.server.baseUrl}/api/v3/qa-file/extDelete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.accessToken}` },
      body: JSON.stringify({ ids: [1] }),
    });
    expect(write.status).toBe(403);
  });
});
