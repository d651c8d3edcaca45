import { chatAccounts, chatContacts } from '@agent-console/server/test/db';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { storeIncomingMessage, storeOwnMessage } from '@agent-console/server/test/internals';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './support/harness';

/**
 * Issue 37, "wide tables": at 1440×900 with the side menu open, the contacts, accounts, session
 * metrics, menus and online-users lists fit their cards, with no header under the pinned actions column, in
 * English and Chinese; at 390×844 the first column stays in view while the table scrolls inside
 * its card; the column picker switches a column, from the keyboard too, and a reload keeps it;
 * the account list's owner filter goes into the URL and comes back from it.
 * Set WIDE_SHOTS=1 to keep screenshots in /tmp/wide-<list>-<lang>-<width>.png.
 */
let h: Harness;
let accountId = 0;
const owners: { id: number; username: string }[] = [];
const MIN = 60_000;
const long = (s: string) => `${s} with a name long enough to need clipping in any table cell`;

beforeAll(async () => {
  h = await startHarness();
  const admin = await h.t.loginAdmin();
  const f = fixtures(h.t, () => admin);
  const shop = await f.customer('Wide Tables Shop of the East Region');
  for (let i = 0; i < 3; i++) owners.push(await f.user({ customerId: shop }));
  const { db } = h.t.database;
  const accounts = await db
    .insert(chatAccounts)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        customerId: shop,
        ownerUserId: owners[i % owners.length]?.id ?? null,
        wcId: `wxid_wide_tables_account_${i}`,
        account: `wide_tables_login_account_${i}_long`,
        nickname: long(`Sales account ${i}`),
        signature: long('A signature'),
        loginStatus: i % 3 === 0 ? ('offline' as const) : ('online' as const),
        ...(i % 3 === 0 ? { offlineAt: new Date(), offlineReason: 'regionMismatch' } : {}),
        firstLoginAt: new Date(Date.now() - 40 * 86_400_000),
        lastLoginAt: new Date(Date.now() - i * 3_600_000),
      })),
    )
    .returning();
  const account = accounts[1];
  if (!account) throw new Error('no account');
  accountId = account.id;
  const contacts = await db
    .insert(chatContacts)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        customerId: shop,
        accountId: account.id,
        wcId: `wxid_wide_tables_contact_with_a_long_id_${i}`,
        account: `friend_account_long_name_${i}`,
        nickname: long(`Contact ${i}`),
        labels: ['VIP customer', 'Spring campaign 2026', 'Returning buyer'],
      })),
    )
    .returning();
  const start = Date.now() - 90 * MIN;
  let n = 0;
  for (const c of contacts) {
    const message = { kind: 'message' as const, wcId: account.wcId, fromWcId: c.wcId, type: 'text' as const };
    await storeIncomingMessage(db, account, { ...message, msgId: `wide-${n++}`, content: 'hi', at: new Date(start) });
    await storeOwnMessage(db, account, {
      ...message,
      msgId: `wide-${n++}`,
      fromSelf: true,
      content: 'hello',
      at: new Date(start + 3 * MIN),
    });
  }
});
afterAll(() => h.close());

const LISTS = [
  { name: 'contacts', path: () => `/chat/address?accountId=${accountId}`, testId: 'chat-address-page', rows: 3 },
  { name: 'accounts', path: () => '/chat/account', testId: 'chat-account-page', rows: 3 },
  { name: 'metrics', path: () => '/metrics/customer-session', testId: 'metrics-session-page', rows: 3 },
  { name: 'menus', path: () => '/system/menu', testId: 'menu-page', rows: 3 },
  // Found too wide by measuring every list at 1440 px (its own session is a row).
  { name: 'online', path: () => '/monitor/online', testId: 'online-page', rows: 1 },
] as const;
const ACTIONS = { en: 'Actions', 'zh-chs': '操作' } as const;

async function open(lang: keyof typeof ACTIONS, width: number, height: number): Promise<Page> {
  const { page } = await h.newPage({ lang, width, height });
  await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
  await page.getByTestId('app-layout').waitFor();
  return page;
}

async function show(page: Page, list: (typeof LISTS)[number]) {
  await page.goto(list.path());
  await page
    .getByTestId(list.testId)
    .locator('.ant-table-row')
    .nth(list.rows - 1)
    .waitFor();
}

/** Where the table sits in its card: its width and scroll, and every header cell's edges. */
function measure(page: Page, testId: string, actions: string) {
  return page.getByTestId(testId).evaluate((card, actionsTitle) => {
    const body = card.querySelector('.ant-card-body') as HTMLElement;
    const style = getComputedStyle(body);
    const box = body.getBoundingClientRect();
    const left = box.left + Number.parseFloat(style.paddingLeft);
    const right = box.right - Number.parseFloat(style.paddingRight);
    const scroller = card.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
    const table = scroller.querySelector('table') as HTMLElement;
    const heads = [...card.querySelectorAll('thead th')]
      .filter((th) => !th.classList.contains('ant-table-selection-column') && (th as HTMLElement).innerText.trim())
      .map((th) => {
        const b = th.getBoundingClientRect();
        return { text: (th as HTMLElement).innerText.trim(), left: b.left, right: b.right };
      });
    const pinned = heads.find((th) => th.text === actionsTitle);
    return {
      cardLeft: left,
      cardRight: right,
      tableWidth: table.getBoundingClientRect().width,
      overflow: scroller.scrollWidth - scroller.clientWidth,
      heads: heads.filter((th) => th !== pinned),
      actionsLeft: pinned?.left ?? null,
    };
  }, actions);
}

const shot = async (page: Page, name: string) => {
  if (process.env.WIDE_SHOTS) await page.screenshot({ path: `/tmp/wide-${name}.png` });
};

describe('wide lists at 1440×900', () => {
  it.each(['en', 'zh-chs'] as const)('%s: each list fits its card, nothing under the pinned actions', async (lang) => {
    const page = await open(lang, 1440, 900);
    for (const list of LISTS) {
      await show(page, list);
      await shot(page, `${list.name}-${lang}-1440`);
      const m = await measure(page, list.testId, ACTIONS[lang]);
      const where = `${list.name} (${lang})`;
      expect(m.overflow, where).toBeLessThanOrEqual(0);
      expect(m.tableWidth, where).toBeLessThanOrEqual(m.cardRight - m.cardLeft + 0.5);
      expect(m.heads.length, where).toBeGreaterThanOrEqual(5);
      for (const th of m.heads) {
        expect(th.right, `${where}: ${th.text}`).toBeLessThanOrEqual(m.cardRight + 0.5);
        if (m.actionsLeft !== null) expect(th.right, `${where}: ${th.text}`).toBeLessThanOrEqual(m.actionsLeft + 0.5);
      }
    }
  });
});

describe('wide lists at 390×844', () => {
  it.each(['en', 'zh-chs'] as const)('%s: the first column stays while the table scrolls in its card', async (lang) => {
    const page = await open(lang, 390, 844);
    for (const list of LISTS) {
      await show(page, list);
      await shot(page, `${list.name}-${lang}-390`);
      const card = page.getByTestId(list.testId);
      const scroller = card.locator('.ant-table-content, .ant-table-body').first();
      expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth), list.name).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), list.name).toBeLessThanOrEqual(390);
      const first = card.locator('thead th:not(.ant-table-selection-column)').first();
      const before = await first.boundingBox();
      await scroller.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      const after = await first.boundingBox();
      expect(after?.x, list.name).toBe(before?.x);
      expect(after?.width ?? 0, list.name).toBeGreaterThan(40);
    }
  });
});

describe('column picker', () => {
  const header = (page: Page, text: string) =>
    page
      .getByTestId('chat-account-page')
      .locator('thead th')
      .filter({ hasText: new RegExp(`^${text}$`) });

  it('hides and shows a column, from the keyboard too, and a reload keeps the choice', async () => {
    const page = await open('en', 1440, 900);
    await show(page, LISTS[1]);
    expect(await header(page, 'Customer').count()).toBe(1);
    expect(await header(page, 'Signature').count()).toBe(0);

    await page.getByTestId('crud-columns').click();
    await page.getByTestId('crud-column-customerName').click();
    await expect.poll(() => header(page, 'Customer').count()).toBe(0);
    await page.getByTestId('crud-column-signature').click();
    await header(page, 'Signature').waitFor();
    await shot(page, 'picker-en-1440');
    await page.keyboard.press('Escape');
    await page.getByTestId('crud-columns-panel').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('crud-columns');

    await page.reload();
    await page.getByTestId('chat-account-page').locator('.ant-table-row').first().waitFor();
    expect(await header(page, 'Customer').count()).toBe(0);
    expect(await header(page, 'Signature').count()).toBe(1);
    // A column more scrolls inside the card, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);

    // The keyboard: Enter opens it on the first choice, Space switches, Escape closes.
    await page.getByTestId('crud-columns').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('crud-columns-panel').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid')))
      .toMatch(/^crud-column-/);
    const focused = await page.evaluate(() =>
      document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid'),
    );
    expect(focused).toBe('crud-column-loginStatus');
    await page.keyboard.press('Space');
    await expect.poll(() => header(page, 'State').count()).toBe(0);
    await page.keyboard.press('Space');
    await header(page, 'State').waitFor();
    await page.getByTestId('crud-columns-reset').click();
    await header(page, 'Customer').waitFor();
    await expect.poll(() => header(page, 'Signature').count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});

describe('owner filter', () => {
  it('filters the accounts by owner, in the URL and back from it (zh-chs)', async () => {
    const page = await open('zh-chs', 1440, 900);
    await show(page, LISTS[1]);
    const owner = owners[1];
    if (!owner) throw new Error('no owner');
    await page.getByTestId('filter-owner').click();
    await page.keyboard.type(owner.username);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: owner.username }).click();
    await page.getByTestId('crud-search-submit').click();
    await page.waitForURL(new RegExp(`ownerUserId=${owner.id}`));
    const rows = page.getByTestId('chat-account-page').locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(4);

    await page.reload();
    await expect.poll(() => rows.count()).toBe(4);
    await expect.poll(() => page.getByTestId('filter-owner').innerText()).toContain(owner.username);
  });
});
