import { chatAccounts, chatContacts, contactLeads } from '@agent-console/server/test/db';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { storeIncomingMessage, storeOwnMessage } from '@agent-console/server/test/internals';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, signIn, startHarness } from './support/harness';

/**
 * Issue 17, acceptance 4 (metrics): the session metrics opened with a filter and exported, and the
 * dashboard, in English and Simplified Chinese (the dashboard also at phone width). The
 * conversations are written through the message log's own write path, which keeps the roll-ups.
 * Issue 34: they belong to a sub-customer of the root, where the administrator sits — the
 * dashboard opens on "All my customers" and shows them.
 */
let h: Harness;
const MIN = 60_000;
const SHOP = 'Metrics Shop';
let shop: number;

beforeAll(async () => {
  h = await startHarness();
  const admin = await h.t.loginAdmin();
  shop = await fixtures(h.t, () => admin).customer(SHOP);
  const { db } = h.t.database;
  const [account] = await db
    .insert(chatAccounts)
    .values({
      customerId: shop,
      wcId: 'wxid_metrics_e2e',
      account: 'metrics_e2e',
      nickname: 'Shop account',
      loginStatus: 'online',
    })
    .returning();
  if (!account) throw new Error('no account');
  const contacts = await db
    .insert(chatContacts)
    .values(
      ['Alice Metrics', 'Bob Metrics'].map((nickname, i) => ({
        customerId: shop,
        accountId: account.id,
        wcId: `wxid_metrics_${i}`,
        nickname,
      })),
    )
    .returning();
  const start = Date.now() - 90 * MIN;
  let n = 0;
  for (const c of contacts) {
    const write = (minutes: number) =>
      storeIncomingMessage(db, account, {
        kind: 'message',
        msgId: `e2e-${n++}`,
        wcId: account.wcId,
        fromWcId: c.wcId,
        type: 'text',
        content: `question ${n}`,
        at: new Date(start + minutes * MIN),
      });
    await write(0);
    await storeOwnMessage(db, account, {
      kind: 'message',
      msgId: `e2e-${n++}`,
      wcId: account.wcId,
      fromWcId: c.wcId,
      fromSelf: true,
      type: 'text',
      content: `answer ${n}`,
      at: new Date(start + 3 * MIN),
    });
    await write(40);
  }
  const bob = contacts.find((c) => c.nickname === 'Bob Metrics');
  if (bob) {
    await db
      .insert(contactLeads)
      .values({ customerId: shop, contactId: bob.id, item: 'Phone', value: '13912345678', method: 'pattern' });
  }
});
afterAll(() => h.close());

describe('metrics screens', () => {
  it('opens the session metrics with a filter and exports them (English)', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto('/metrics/customer-session');
    await page.getByTestId('metrics-session-page').waitFor();
    await page.getByTestId('session-row-wxid_metrics_0').waitFor();
    await page.getByTestId('filter-keyword').fill('Alice');
    await page.getByTestId('crud-search-submit').click();
    await page.getByTestId('session-row-wxid_metrics_1').waitFor({ state: 'detached' });
    const row = page.locator('tr', { has: page.getByTestId('session-row-wxid_metrics_0') });
    // Two sessions (40 minutes apart), two messages in, one out, first response 3 minutes.
    expect(await row.innerText()).toMatch(/Alice Metrics[\s\S]*Shop account[\s\S]*\b2\b[\s\S]*3 min 0 s/);
    expect(page.url()).toContain('keyword=Alice');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crud-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^Customer session metrics_\d{14}\.xlsx$/);
  });

  it('filters by lead and exports under the Chinese file name (Simplified Chinese)', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await page.goto('/metrics/customer-session?hasLead=true');
    await page.getByTestId('session-row-wxid_metrics_1').waitFor();
    await page.getByTestId('session-row-wxid_metrics_0').waitFor({ state: 'detached' });
    await page.getByText('最后消息').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crud-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^客户会话指标_\d{14}\.xlsx$/);
  });

  it('opens the dashboard on all my customers with the sub-customer’s KPIs, charts and unanswered questions (English)', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto('/metrics/dashboard');
    await page.getByTestId('metrics-dashboard').waitFor();
    // The administrator's own customer (the root) has no activity: the sub-customer's shows.
    await page.getByTestId('dashboard-customer').getByText('All my customers').waitFor();
    await page.getByTestId('kpi-messagesIn').getByText('4', { exact: true }).waitFor();
    expect(await page.getByTestId('kpi-activeSessions').innerText()).toContain('4');
    expect(await page.getByTestId('kpi-medianFirstResponse').innerText()).toContain('3 min 0 s');
    await page.locator('[data-testid="trend-messages"][data-state="ready"] canvas').waitFor();
    await page.getByText('The agent answered every question in this period').waitFor();
    // Two new contacts (first seen now), the card and its chart line agreeing.
    await page.getByTestId('kpi-newContacts').getByText('2', { exact: true }).waitFor();
    expect(await page.getByTestId('kpi-handoverRate').innerText()).toContain('0 of 4 sessions needed a person');

    // The sub-customer picked: its own figures, the same here.
    await page.getByTestId('dashboard-customer').click();
    await page.locator('.ant-select-tree-title', { hasText: SHOP }).first().click();
    await page.getByTestId('dashboard-customer').getByText(SHOP).waitFor();
    await page.getByTestId('kpi-messagesIn').getByText('4', { exact: true }).waitFor();
    await page.getByTestId('dashboard-customer').getByText('All my customers').waitFor({ state: 'detached' });
  });

  it('reads at phone width in Simplified Chinese', async () => {
    const { page } = await h.newPage({ lang: 'zh-chs', width: 390, height: 844 });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.goto('/metrics/dashboard');
    await page.getByTestId('kpi-messagesIn').getByText('收到消息').waitFor();
    await page.getByTestId('dashboard-customer').getByText('我的全部客户').waitFor();
    await page.getByTestId('kpi-messagesIn').getByText('4', { exact: true }).waitFor();
    await page.locator('[data-testid="trend-conversations"][data-state="ready"] canvas').waitFor();
    const overflow = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="metrics-dashboard"]');
      return el ? el.scrollWidth - el.clientWidth : -1;
    });
    expect(overflow).toBe(0);
  });
});
