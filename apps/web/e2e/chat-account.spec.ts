import type { ChatAccount, PageResult } from '@agent-console/contracts';
import { customers } from '@agent-console/server/test/db';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { insertChatAccount } from '@agent-console/server/test/fixtures/chat';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chatAccountLoggedIn } from './support/chat-login';
import { harnessForFile, openSignedIn } from './support/harness';

/**
 * The QR login end to end (issue 15, acceptance 1) against the built-in simulator through the real
 * adapter: no region → the message and no call; a region → the QR code and its countdown; the
 * simulator's phone page confirms → success → contact initialisation with progress → started →
 * the account online in the list with its profile. Another run lets the code expire on the phone
 * page and regenerates it. The app serving an account is chosen in its row (issue 16).
 */
// Initialisation takes 4 s here, so that its progress is there to see.
const h = harnessForFile({ jobs: true, gateway: { simulator: { initMs: 4_000 } } });

const TEXTS = {
  en: {
    region: 'Shanghai',
    regionFirst: 'Select a region first',
    scanned: 'Scanned, confirm the login on the phone',
    loggedOut: 'Logged out on the phone',
    started: 'Started: the account is live',
    expired: 'QR code expired',
    online: 'Online',
  },
  'zh-chs': {
    region: '上海',
    regionFirst: '请先选择地区',
    scanned: '已扫码，请在手机上确认登录',
    loggedOut: '已在手机上退出',
    started: '已启动：账号已上线工作',
    expired: '二维码已过期',
    online: '在线',
  },
} as const;

/** Every call of the QR login the page makes, to show that "no region" made none. */
function loginCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v3/account/login')) calls.push(r.url());
  });
  return calls;
}

/** The dialog's states in the order the page went through them (read from its data-step). */
async function recordSteps(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { loginSteps: string[] };
    w.loginSteps = [];
    const note = () => {
      const step = document.querySelector('[data-testid="login-dialog"]')?.getAttribute('data-step');
      if (step && w.loginSteps.at(-1) !== step) w.loginSteps.push(step);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, attributes: true, childList: true });
    note();
  });
}

const steps = (page: Page) => page.evaluate(() => (window as unknown as { loginSteps: string[] }).loginSteps);

async function openDialog(page: Page, lang: keyof typeof TEXTS) {
  await page.goto('/chat/account');
  await page.getByTestId('chat-account-page').waitFor();
  await page.getByTestId('chat-account-login').click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.waitFor();
  // Focus starts in the region select: the keyboard can choose a region at once.
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="login-region"]')))
    .toBe(true);
  return { dialog, text: TEXTS[lang] };
}

/** Chooses the region with the keyboard (type, Enter) and asks for the QR code. */
async function getQr(page: Page, region: string) {
  await page.keyboard.type(region);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('login-region').innerText()).toContain(region);
  await page.getByTestId('login-get-qr').click();
  await page.getByTestId('login-qr').waitFor();
}

async function phonePage(page: Page): Promise<Page> {
  const href = await page.getByTestId('login-phone-link').getAttribute('href');
  expect(href).toMatch(/^https?:\/\//);
  const phone = await page.context().newPage();
  await phone.goto(href as string);
  return phone;
}

describe('messaging account login', () => {
  it('logs an account in by QR code, initialises its contacts and lists it online (en)', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    const calls = loginCalls(page);
    const { dialog, text } = await openDialog(page, 'en');
    await recordSteps(page);

    // No region: the message, and no call.
    await page.getByTestId('login-get-qr').click();
    await page.getByTestId('login-region-error').waitFor();
    expect(await page.getByTestId('login-region-error').innerText()).toBe(text.regionFirst);
    expect(calls).toEqual([]);

    // A region: the QR code with a countdown that runs.
    await getQr(page, text.region);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('region=3');
    expect(await page.getByTestId('login-qr').getAttribute('src')).toMatch(/^data:image\//);
    const countdown = page.getByTestId('login-countdown');
    const first = Number(await countdown.getAttribute('data-seconds'));
    expect(first).toBeGreaterThan(10);
    await expect.poll(async () => Number(await countdown.getAttribute('data-seconds'))).toBeLessThan(first);

    // The phone page (what the QR code encodes): opening it is the scan; confirming logs in.
    const phone = await phonePage(page);
    await expect.poll(() => page.getByTestId('login-status').innerText()).toBe(text.scanned);
    await confirmOnPhone(phone, '3');

    // Success → contact initialisation with progress → started.
    await expect.poll(() => dialog.getAttribute('data-step'), { timeout: 30_000 }).toBe('started');
    expect(await page.getByTestId('login-started').innerText()).toBe(text.started);
    const seen = await steps(page);
    expect(seen.slice(0, 3)).toEqual(['selectRegion', 'requesting', 'qrShown']);
    expect(seen).toContain('initialisingContacts');
    expect(seen.indexOf('initialisingContacts')).toBeLessThan(seen.indexOf('started'));
    const profile = await page.getByTestId('login-profile').innerText();
    await page.getByTestId('login-done').click();
    await dialog.waitFor({ state: 'detached' });

    // The account in the list: online, with the profile the dialog showed.
    const row = page.getByTestId('chat-account-page').locator('tr.ant-table-row').first();
    await row.waitFor();
    const nickname = profile.split('\n')[0]?.trim() ?? '';
    expect(nickname).not.toBe('');
    await expect.poll(() => row.innerText()).toContain(nickname);
    expect(await row.locator('[data-status]').first().getAttribute('data-status')).toBe('online');
    expect(await row.innerText()).toContain(text.online);
    await expect.poll(async () => Number(await row.locator('[data-init]').innerText())).toBeGreaterThan(0);

    // Its contacts open on the contacts screen.
    await row.getByRole('button', { name: /Contacts/ }).click();
    await page.waitForURL(/\/chat\/address\?accountId=\d+/);
    await page.getByTestId('chat-address-page').locator('tr.ant-table-row').first().waitFor();
  }, 480_000); // the whole login flow, with 117 contacts initialised, in one test

  it('shows why an account dropped and logs it in again with its wcId (zh-chs)', async () => {
    const token = await h.t.loginAdmin();
    const account = await chatAccountLoggedIn(h.t, token);
    const gateway = h.t.gateway;
    if (!gateway) throw new Error('the harness has no gateway');
    await gateway.sim.drop(account.wcId, 'loggedOutOnPhone');

    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    const text = TEXTS['zh-chs'];
    await page.goto('/chat/account');
    const status = page.getByTestId(`login-status-${account.account}`);
    await expect.poll(() => status.getAttribute('data-status')).toBe('offline');
    expect(await page.getByTestId(`offline-reason-${account.account}`).innerText()).toContain(text.loggedOut);

    // Log in again: the account's region is proposed, the QR login names the account.
    await page.getByTestId(`relogin-${account.account}`).click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('login-region').innerText()).toContain(text.region);
    await page.getByTestId('login-get-qr').click();
    await page.getByTestId('login-qr').waitFor();
    const phone = await phonePage(page);
    expect(await phone.locator('body').innerText()).toContain(account.wcId);
    await confirmOnPhone(phone, '3');
    await expect.poll(() => dialog.getAttribute('data-step'), { timeout: 30_000 }).toBe('started');
    await page.getByTestId('login-done').click();
    await expect.poll(() => status.getAttribute('data-status')).toBe('online');
    // Still one row: the same account came back, not a new one.
    const list = await h.t.call<PageResult<ChatAccount>>('POST', '/api/v3/account/list/page', {
      token,
      body: { pageNum: 1, pageSize: 100, keyword: account.account },
    });
    expect(list.body.data.list.map((a) => a.wcId)).toEqual([account.wcId]);
  });

  it('shows an expired QR code and regenerates it (zh-chs)', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    const { dialog, text } = await openDialog(page, 'zh-chs');
    await getQr(page, text.region);
    const firstQr = await page.getByTestId('login-phone-link').getAttribute('href');

    const phone = await phonePage(page);
    await expireOnPhone(phone);
    await expect.poll(() => dialog.getAttribute('data-step')).toBe('qrExpired');
    expect(await page.getByTestId('login-error').innerText()).toBe(text.expired);
    // The regenerate button has the focus: Enter asks for a new code.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('login-regenerate');
    await page.keyboard.press('Enter');
    await page.getByTestId('login-qr').waitFor();
    expect(await page.getByTestId('login-phone-link').getAttribute('href')).not.toBe(firstQr);
    expect(Number(await page.getByTestId('login-countdown').getAttribute('data-seconds'))).toBeGreaterThan(10);
  });

  it('says a login cancelled on the phone in the reader’s language, never the gateway’s words (zh-chs)', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    const { dialog, text } = await openDialog(page, 'zh-chs');
    await getQr(page, text.region);
    const phone = await phonePage(page);
    await phone.getByRole('button', { name: /Cancel/ }).click();
    await expect.poll(() => dialog.getAttribute('data-step')).toBe('loginFailed');
    expect(await page.getByTestId('login-error').innerText()).toBe('已在手机上取消登录');
    const shown = await dialog.innerText();
    expect(shown).toContain('重新生成二维码即可再试');
    // The simulator's refusal, in either of its languages, stays out of the dialog.
    expect(shown).not.toContain('用户取消登录');
    expect(shown).not.toMatch(/cancelled/i);
    // The retry button has the focus: Enter starts over.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('login-retry');
  });
});

describe('the app serving an account', () => {
  it('offers the account’s customer’s apps only, saves the choice and clears it (en)', async () => {
    const token = await h.t.loginAdmin();
    const [root] = await h.t.database.db.select({ id: customers.id }).from(customers).where(isNull(customers.parentId));
    if (!root) throw new Error('no root customer');
    const created = await h.t.call<{ id: number }>('POST', '/api/v3/system/dept/save', {
      token,
      body: { parentId: root.id, name: `App customer ${Date.now().toString(36)}` },
    });
    const customerId = created.body.data.id;
    const account = await insertChatAccount(h.t, { customerId, nickname: 'Shop phone' });
    await insertApp(h.t, { customerId, name: 'Front desk' });
    await insertApp(h.t, { customerId, name: 'After-sales' });
    await insertApp(h.t, { customerId: root.id, name: 'Head office bot' });

    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto('/chat/account');
    const select = page.getByTestId(`account-app-${account.account}`);
    await expect.poll(() => select.innerText()).toContain('No app');
    await select.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allInnerTexts()).toEqual(expect.arrayContaining(['Front desk', 'After-sales']));
    expect(await options.allInnerTexts()).not.toContain('Head office bot');
    await options.filter({ hasText: 'Front desk' }).click();
    await page.getByText(`${account.account} is now served by Front desk`).waitFor();
    const listed = async () => {
      const list = await h.t.call<PageResult<ChatAccount>>('POST', '/api/v3/account/list/page', {
        token,
        body: { customerId },
      });
      return list.body.data.list[0]?.appName ?? null;
    };
    expect(await listed()).toBe('Front desk');
    await page.reload();
    await expect.poll(() => select.innerText()).toContain('Front desk');

    // Cleared: the agent stays quiet for the account.
    await select.hover();
    await select.locator('.ant-select-clear').click();
    await page.getByText(`${account.account} is served by no app`).waitFor();
    expect(await listed()).toBeNull();
  });
});

/** The simulator's phone page: the person chooses the phone's province and confirms. */
async function confirmOnPhone(phone: Page, regionCode: string) {
  await phone.locator('#province').selectOption(regionCode);
  await phone.getByRole('button', { name: /Confirm login/ }).click();
}

/** The simulator's phone page: "let it expire now". */
async function expireOnPhone(phone: Page) {
  await phone.getByRole('button', { name: /Let it expire now/ }).click();
}
