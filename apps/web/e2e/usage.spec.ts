import { agentAnswers } from '@agent-console/server/test/db';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { insertAnswers } from '@agent-console/server/test/fixtures/usage';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, signIn, startHarness } from './support/harness';

/**
 * The usage report (issue 17, WAVE2 §8 with §15.6): an administrator sets a customer's quota and
 * the cards change, and the charts follow the answers given meanwhile, in two languages; and the
 * report reads at phone width.
 */
let h: Harness;
let f: ReturnType<typeof fixtures>;
let admin: string;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.t.loginAdmin();
  f = fixtures(h.t, () => admin);
});
afterAll(() => h.close());

const TEXTS = {
  en: { unlimited: 'Unlimited', roles: 'Usage per app (AI role)', used: 'Answers', all: 'All my customers' },
  'zh-chs': { unlimited: '不限', roles: '各应用（AI 角色）用量', used: '回答数', all: '我的全部客户' },
} as const;

/** Answers of every customer this calendar month: what "All my customers" shows the administrator. */
async function answersThisMonth(): Promise<number> {
  const now = new Date();
  const from = new Date(now.getFullYear(), now.getMonth(), 1);
  const to = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  const [row] = await h.t.database.db
    .select({ used: sql<string>`coalesce(sum(${agentAnswers.units}), 0)` })
    .from(agentAnswers)
    .where(and(gte(agentAnswers.createdAt, from), lt(agentAnswers.createdAt, to)));
  return Number(row?.used ?? 0);
}

const card = (page: Page, key: string) => page.getByTestId(`usage-card-${key}`).locator('.ant-statistic-content');
const cardText = async (page: Page, key: string) => (await card(page, key).innerText()).replace(/[\s,]/g, '');

async function waitForCard(page: Page, key: string, expected: string) {
  await expect.poll(() => cardText(page, key), { timeout: 10_000 }).toBe(expected.replace(/\s/g, ''));
}

for (const lang of ['en', 'zh-chs'] as const) {
  describe(`usage report (${lang})`, () => {
    it('opens on all my customers with a sub-customer’s answers, and picks that customer', async () => {
      const name = `Busy shop ${lang}`;
      const customerId = await f.customer(name);
      const app = await insertApp(h.t, { customerId, name: `Shop desk ${lang}` });
      await insertAnswers(h.t, { customerId, appId: app.id, at: new Date(), count: 6 });
      const total = await answersThisMonth();

      const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, lang);
      await page.goto('/usage/dashboard');
      await page.getByTestId('usage-customer').getByText(TEXTS[lang].all).waitFor();
      await page.getByTestId('usage-rollup-note').waitFor();
      await waitForCard(page, 'used', String(total));
      const table = page.getByTestId('usage-roles-table');
      const row = table.locator('tbody tr.ant-table-row', { hasText: `Shop desk ${lang}` });
      await row.waitFor();
      expect(await row.innerText()).toContain(name);
      expect(await row.innerText()).toContain('6');
      // No quota to set for many customers at once.
      expect(await page.getByTestId('usage-set-quota').count()).toBe(0);

      await page.getByTestId('usage-customer').click();
      await page.locator('.ant-select-tree-title', { hasText: name }).first().click();
      await expect.poll(() => page.url()).toContain(`customerId=${customerId}`);
      await waitForCard(page, 'used', '6');
      await page.getByTestId('usage-set-quota').waitFor();
      await page.getByTestId('usage-rollup-note').waitFor({ state: 'detached' });
      await page.context().close();
    });

    it('sets a quota and shows the cards and charts change', async () => {
      const customerId = await f.customer();
      const app = await insertApp(h.t, { customerId, name: `Desk ${lang}` });
      await insertAnswers(h.t, { customerId, appId: app.id, at: new Date(), count: 3 });

      const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, lang);
      await page.goto(`/usage/dashboard?customerId=${customerId}`);
      await page.getByTestId('usage-cards').waitFor();
      await waitForCard(page, 'total', TEXTS[lang].unlimited);
      await waitForCard(page, 'used', '3');
      await page.getByText(TEXTS[lang].roles).waitFor();
      await page.getByTestId('usage-roles-chart').locator('canvas').waitFor();
      await page.getByTestId('usage-trend-chart').locator('canvas').waitFor();
      const table = page.getByTestId('usage-roles-table');
      await table.getByText(`Desk ${lang}`).waitFor();
      expect(await table.locator('tbody tr.ant-table-row').first().innerText()).toContain('3');
      const trendLabel = () => page.getByTestId('usage-trend-chart').getAttribute('aria-label');
      expect(await trendLabel()).toMatch(/: 3$/);

      // Two more answers while the screen is open: saving the quota reloads every panel.
      await insertAnswers(h.t, { customerId, appId: app.id, at: new Date(), count: 2 });
      await page.getByTestId('usage-set-quota').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('radio').first().check();
      await page.getByTestId('usage-quota-input').fill('10');
      await dialog.locator('.ant-btn-primary').click();
      await dialog.waitFor({ state: 'hidden' });

      await waitForCard(page, 'total', '10');
      await waitForCard(page, 'used', '5');
      await waitForCard(page, 'remaining', '5');
      await waitForCard(page, 'rate', '50%');
      await expect.poll(trendLabel).toMatch(/: 5$/);
      await expect.poll(() => table.locator('tbody tr.ant-table-row').first().innerText()).toContain('5');
      await page.context().close();
    });
  });
}

describe('usage report at phone width', () => {
  it('fits the cards, both charts and the table within 390 px, two cards to a row at most', async () => {
    const customerId = await f.customer();
    const app = await insertApp(h.t, { customerId, name: 'Phone desk' });
    await insertAnswers(h.t, { customerId, appId: app.id, at: new Date(), count: 4 });
    const { page } = await h.newPage({ lang: 'en', width: 390, height: 844 });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.goto(`/usage/dashboard?customerId=${customerId}`);
    await waitForCard(page, 'used', '4');
    await page.getByTestId('usage-roles-chart').locator('canvas').waitFor();
    await page.getByTestId('usage-trend-chart').locator('canvas').waitFor();
    await page.getByTestId('usage-roles-table').getByText('Phone desk').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    for (const id of ['usage-card-total', 'usage-card-used', 'usage-roles-chart', 'usage-trend-chart']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box?.x ?? -1, id).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY), id).toBeLessThanOrEqual(390);
    }
    // At most two cards to a row, so a number never shrinks to fit.
    for (const key of ['total', 'used', 'remaining', 'lastMonth', 'rate']) {
      const box = await page.getByTestId(`usage-card-${key}`).boundingBox();
      expect(box?.width ?? 0, key).toBeGreaterThanOrEqual(150);
    }
    // The chart's canvas is drawn at the width it has, not cut off.
    const canvas = await page.getByTestId('usage-trend-chart').locator('canvas').boundingBox();
    expect(canvas?.width ?? 0).toBeGreaterThan(200);
    expect(canvas?.width ?? 999).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
