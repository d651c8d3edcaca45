import type { ChatAccount, Contact, PageResult } from '@agent-console/contracts';
import type { TestGateway } from '@agent-console/server/test/test-app';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answeringHarness } from './support/answered-account';
import { adminHarnessForFile } from './support/harness';

/**
 * Issue 34, "a new customer runs its agent alone": from registration with a new customer's
 * invitation code to the agent's first answer on a messaging account, without the root
 * administrator (who only creates the customer, as the setup). The new user creates an app and
 * starts it, logs an account in by QR code on the simulator's phone page, chooses the app serving
 * it, adds a QA; a contact writes, and the agent's reply shows in the contact's conversation.
 */
const { h, f } = adminHarnessForFile(answeringHarness(3));

const sim = () => (h.t as typeof h.t & { gateway: TestGateway }).gateway.sim;

const TEXTS = {
  en: {
    registerTab: 'Register',
    region: 'Shanghai',
    running: 'Running',
    question: 'What are your opening hours?',
    answer: 'We are open 9:00–18:00, Monday to Saturday.',
    served: (account: string, app: string) => `${account} is now served by ${app}`,
  },
  'zh-chs': {
    registerTab: '注册账号',
    region: '上海',
    running: '运行中',
    question: '你们几点营业？',
    answer: '我们周一至周六 9:00–18:00 营业。',
    served: (account: string, app: string) => `${account} 已由 ${app} 服务`,
  },
} as const;

type Lang = keyof typeof TEXTS;

/** The root admin's only part: a new customer, and its invitation code handed to its first user. */
async function newCustomerInvitation(): Promise<{ customerId: number; code: string }> {
  const customerId = await f.customer(f.unique('Tea shop '));
  const { code } = await f.ok<{ code: string }>('GET', `/api/v3/system/dept/invitation/${customerId}`);
  return { customerId, code };
}

async function register(page: Page, lang: Lang, username: string, password: string, code: string) {
  await page.goto('/login');
  await page.getByRole('tab', { name: TEXTS[lang].registerTab }).click();
  const form = page.getByTestId('register-form');
  await form.locator('input#username').fill(username);
  await form.locator('input#password').fill(password);
  await form.locator('input#confirmPassword').fill(password);
  await form.locator('input#invitationCode').fill(code);
  await form.getByTestId('agreement').check();
  await page.getByTestId('register-submit').click();
  await page.waitForURL(/\/index$/);
  await page.getByTestId('app-layout').waitFor();
}

/** App info: a new app of the user's own customer (the dialog's default), its key once, then Start. */
async function createAndStartApp(page: Page, lang: Lang, name: string, code: string) {
  await page.goto('/app/info');
  await page.getByTestId('app-page').waitFor();
  await page.getByTestId('crud-create').click();
  const dialog = page.getByTestId('app-dialog');
  await dialog.waitFor();
  await dialog.locator('input#name').fill(name);
  await dialog.locator('input#code').fill(code);
  await page.getByTestId('app-get-port').click();
  await expect.poll(() => dialog.locator('input#port').inputValue()).toMatch(/^\d{4,5}$/);
  await page.getByTestId('crud-dialog-ok').click();
  await page.getByTestId('api-key-dialog').waitFor();
  expect((await page.getByTestId('api-key').innerText()).trim()).toMatch(/^ak-/);
  await page.getByTestId('api-key-done').click();
  await page.getByTestId('api-key-dialog').waitFor({ state: 'detached' });
  await page.getByTestId(`start-${code}`).click();
  const status = page.getByTestId(`status-${code}`);
  await expect.poll(() => status.getAttribute('data-status')).toBe('running');
  expect(await status.innerText()).toContain(TEXTS[lang].running);
}

/** Account login: region, QR code, the simulator's phone page confirms, contacts initialised. */
async function logAccountIn(page: Page, lang: Lang) {
  await page.goto('/chat/account');
  await page.getByTestId('chat-account-page').waitFor();
  await page.getByTestId('chat-account-login').click();
  await page.getByTestId('login-dialog').waitFor();
  await page.getByTestId('login-region').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: TEXTS[lang].region }).click();
  await page.getByTestId('login-get-qr').click();
  await page.getByTestId('login-qr').waitFor();
  const href = await page.getByTestId('login-phone-link').getAttribute('href');
  const phone = await page.context().newPage();
  await phone.goto(href as string);
  await phone.locator('#province').selectOption('3');
  await phone.getByRole('button', { name: /Confirm login/ }).click();
  await page.getByTestId('login-started').waitFor();
  await phone.close();
  await page.getByTestId('login-done').click();
  await page.getByTestId('login-dialog').waitFor({ state: 'detached' });
}

async function chooseServingApp(page: Page, lang: Lang, appName: string): Promise<string> {
  const select = page.locator('[data-testid^="account-app-"]');
  await select.waitFor();
  const account = ((await select.getAttribute('data-testid')) ?? '').replace('account-app-', '');
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: appName }).click();
  await page.getByText(TEXTS[lang].served(account, appName)).waitFor();
  return account;
}

async function addQa(page: Page, lang: Lang) {
  await page.goto('/knowledge/qa');
  await page.getByTestId('qa-page').waitFor();
  await page.getByTestId('crud-create').click();
  await page.getByTestId('qa-question').fill(TEXTS[lang].question);
  await page.getByTestId('qa-answer').fill(TEXTS[lang].answer);
  await page.getByTestId('crud-dialog-ok').click();
  await page.getByTestId('qa-dialog').waitFor({ state: 'detached' });
  await page.getByText(TEXTS[lang].answer).waitFor();
}

async function runThrough(lang: Lang) {
  const { customerId, code } = await newCustomerInvitation();
  const username = f.unique(`owner_${lang.replace('-', '_')}_`);
  const password = 'first-owner-7';
  const { page } = await h.newPage({ lang });
  await register(page, lang, username, password, code);

  const appCode = `desk-${f.unique('').toLowerCase()}`;
  const appName = lang === 'en' ? 'Front desk' : '前台';
  await createAndStartApp(page, lang, appName, appCode);
  await logAccountIn(page, lang);
  const accountName = await chooseServingApp(page, lang, appName);
  await addQa(page, lang);

  // What the user's own session sees of the account and its first friend (the phone's side needs their wcIds).
  const token = await h.t.login(username, password);
  const accounts = await h.t.call<PageResult<ChatAccount>>('POST', '/api/v3/account/list/page', {
    token,
    body: { pageSize: 10 },
  });
  const account = accounts.body.data.list.find((a) => a.account === accountName);
  if (!account) throw new Error('the account is not listed');
  expect(account).toMatchObject({ customerId, appName, loginStatus: 'online' });
  const friends = await h.t.call<PageResult<Contact>>('POST', '/api/v3/address/list/page', {
    token,
    body: { accountId: account.id, type: 'friend', pageSize: 10 },
  });
  const friend = friends.body.data.list[0];
  if (!friend) throw new Error('no friend to write');

  // The contact writes on the phone; the agent answers from the QA the user added.
  const written = await sim().customerWrites(account.wcId, friend.wcId, TEXTS[lang].question);
  expect(written.delivered).toBe(true);
  await page.goto(`/chat/address?accountId=${account.id}`);
  await page.getByTestId(`conversation-open-${friend.id}`).click();
  const drawer = page.getByTestId('conversation-drawer');
  await drawer.getByTestId('conversation-transcript').waitFor();
  // The open conversation polls the server: the paced reply shows once it has gone out.
  await drawer.locator('[data-source="agent"]', { hasText: TEXTS[lang].answer }).waitFor({ timeout: 60_000 });
  expect(await drawer.getByText(TEXTS[lang].question).count()).toBeGreaterThan(0);
}

describe('a new customer runs its agent alone', () => {
  it('registers, creates and starts an app, logs an account in, and its contact gets the agent’s answer (en)', async () => {
    await runThrough('en');
  });

  it('the same in Chinese (zh-chs)', async () => {
    await runThrough('zh-chs');
  });
});
