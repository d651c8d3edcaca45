import { WIDGET_CHAT_PATH, WIDGET_START_PATH } from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import { qaAppSaved } from '@agent-console/server/test/fixtures/apps';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHarnessForFile, signIn } from './support/harness';

/**
 * Issue 36 in the console: an app's "Website widget" drawer in App info. Install shows the app's
 * script tag and replaces its key; Preview draws the real widget and answers through the console;
 * Visitors lists the conversations of the website's visitors and opens their transcripts. The
 * drawer speaks the console's language. (The widget on a web page: widget.spec.ts.)
 */
const { h, f } = adminHarnessForFile();
let app: { id: number; port: number; widgetKey: string };
const SHOP = 'https://shop.example';
const HOURS_Q = 'What are your opening hours?';
const HOURS_A = 'We are open from 9 to 18 on weekdays.';
/** Nothing in the knowledge answers it: the conversation waits for a person. */
const MARS_Q = 'Do you ship to Mars?';
const SHOTS = process.env.WIDGET_SHOTS;

beforeAll(async () => {
  const { customerId, app: saved } = await qaAppSaved<typeof app>(
    h.t,
    f,
    { question: HOURS_Q, answer: HOURS_A },
    { name: 'Shop desk', code: 'shop-desk', allowedOrigins: [SHOP] },
  );
  app = { id: saved.id, port: saved.port, widgetKey: saved.widgetKey };
  await f.ok('GET', `/api/v3/app/info/startApp/${app.id}`);
  // Neither allowed anywhere nor running.
  await f.ok('POST', '/api/v3/app/info/save', {
    customerId,
    name: 'Bare desk',
    code: 'bare-desk',
    port: await freePort(),
  });
});

/** One visitor's question asked through the app's widget API, as the widget on the shop's page asks it. */
async function visitorAsks(question: string): Promise<void> {
  const headers = {
    authorization: `Bearer ${app.widgetKey}`,
    'content-type': 'application/json',
    origin: SHOP,
  };
  const base = `http://127.0.0.1:${app.port}`;
  const started = await fetch(`${base}${WIDGET_START_PATH}`, { method: 'POST', headers, body: '{}' });
  expect(started.status).toBe(200);
  const { visitor } = (await started.json()) as { visitor: string };
  const chat = await fetch(`${base}${WIDGET_CHAT_PATH}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ visitor, message: question }),
  });
  expect(chat.status).toBe(200);
  expect(await chat.text()).toContain('event: done');
}

async function signedIn(lang: string, width: number, height: number): Promise<Page> {
  const { page } = await h.newPage({ lang, width, height });
  await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
  await page.waitForURL(/\/index$/);
  return page;
}

async function openDrawer(page: Page, code = 'shop-desk') {
  await page.goto('/app/info');
  await page.getByTestId('app-page').locator('tr.ant-table-row', { hasText: code }).waitFor();
  await page.getByTestId(`website-widget-${code}`).click();
  const drawer = page.getByTestId('widget-drawer');
  await drawer.getByTestId('widget-script-tag').waitFor();
  return drawer;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/widget-${name}.png` });
}

describe('the website widget drawer of an app', () => {
  it('en: the tag, a preview that answers, the visitors and their transcripts, a new key', async () => {
    const page = await signedIn('en', 1440, 900);
    const drawer = await openDrawer(page);
    const tag = await drawer.getByTestId('widget-script-tag').innerText();
    expect(tag).toContain(`:${app.port}/widget.js`);
    expect(tag).toContain(`data-key="${app.widgetKey}"`);
    // Allowed and running: nothing keeps the widget from answering.
    expect(await drawer.getByTestId('widget-no-origins').count()).toBe(0);
    expect(await drawer.getByTestId('widget-not-running').count()).toBe(0);
    expect(await drawer.getByTestId('widget-origins').innerText()).toContain(SHOP);
    await shot(page, 'install');

    // The real widget, open in the drawer, answering through the console.
    await drawer.getByTestId('widget-tab-preview').click();
    const preview = drawer.getByTestId('widget-preview');
    await expect.poll(() => preview.locator('[data-part=title]').innerText()).toBe('Shop desk');
    const input = preview.locator('[data-part=input]');
    await input.fill(HOURS_Q);
    await input.press('Enter');
    const answer = preview.locator('[data-part=message][data-role=agent]').last();
    await answer.getByText(HOURS_A).waitFor();
    await answer.locator('[data-part=source]').getByText(HOURS_Q).waitFor();
    await shot(page, 'preview');

    // Two visitors of the shop write, one waits for a person; the preview was no visitor.
    await visitorAsks(MARS_Q);
    await visitorAsks(HOURS_Q);
    await drawer.getByTestId('widget-tab-visitors').click();
    const table = drawer.getByTestId('visitor-table');
    const rows = table.locator('tr.ant-table-row');
    await rows.filter({ hasText: SHOP }).first().waitFor();
    expect(await rows.count()).toBe(2);
    await rows.filter({ hasText: MARS_Q }).getByTestId('visitor-needs-person').waitFor();
    await shot(page, 'visitors');
    await drawer.getByTestId('visitor-filter-needs-person').check();
    await drawer.getByTestId('crud-search-submit').click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.innerText()).toContain(MARS_Q);
    await drawer.getByTestId('crud-search-reset').click();
    await expect.poll(() => rows.count()).toBe(2);
    const row = rows.filter({ hasText: HOURS_Q });
    await row.focus();
    await page.keyboard.press('Enter');
    const transcript = page.getByTestId('visitor-transcript');
    await transcript.getByTestId('visitor-turn').getByText(HOURS_A).waitFor();
    expect(await transcript.getByTestId('visitor-turn').innerText()).toContain(HOURS_Q);
    await transcript.getByTestId('chat-source').getByText(HOURS_Q).waitFor();
    await shot(page, 'transcript');
    await page.keyboard.press('Escape');
    await transcript.waitFor({ state: 'hidden' });

    // A new key: the tag carries it at once, and the old one no longer opens the widget.
    await drawer.getByTestId('widget-tab-install').click();
    await drawer.getByTestId('widget-rotate-key').click();
    await page.getByTestId('widget-confirm-rotate').click();
    await expect.poll(() => drawer.getByTestId('widget-script-tag').innerText()).not.toContain(app.widgetKey);
    const refused = await fetch(`http://127.0.0.1:${app.port}${WIDGET_START_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.widgetKey}`, 'content-type': 'application/json', origin: SHOP },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    const fresh = /data-key="(wk_[^"]+)"/.exec(await drawer.getByTestId('widget-script-tag').innerText())?.[1];
    expect(fresh).toMatch(/^wk_/);
    app.widgetKey = fresh as string;

    // The console in Chinese: the drawer and the widget in it follow.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect.poll(() => page.getByTestId('language-switch').innerText()).toBe('简体中文');
    await page.getByTestId('website-widget-shop-desk').click();
    const zh = page.getByTestId('widget-drawer');
    await zh.getByTestId('widget-script-tag').waitFor();
    expect(await zh.getByTestId('widget-tab-install').innerText()).toBe('安装');
    expect(await zh.getByTestId('widget-tab-preview').innerText()).toBe('预览');
    expect(await zh.getByTestId('widget-tab-visitors').innerText()).toBe('访客');
    await shot(page, 'zh-install');
    await zh.getByTestId('widget-tab-preview').click();
    await expect
      .poll(() => zh.locator('[data-testid=widget-preview] [data-part=input]').getAttribute('placeholder'))
      .toBe('请输入您的问题');
  });

  it('says what keeps the widget from answering, and Edit opens the app over the drawer', async () => {
    const page = await signedIn('en', 1440, 900);
    // The app dialog was open once before the drawer: it still opens over it.
    await page.goto('/app/info');
    await page.getByTestId('edit-bare-desk').click();
    await page.getByTestId('app-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('app-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('website-widget-bare-desk').click();
    const drawer = page.getByTestId('widget-drawer');
    expect(await drawer.getByTestId('widget-no-origins').innerText()).toContain('Allowed web pages');
    expect(await drawer.getByTestId('widget-not-running').innerText()).toContain('Start the app');
    await shot(page, 'warnings');
    await drawer.getByTestId('widget-edit-app').click();
    const dialog = page.getByTestId('app-dialog');
    await dialog.locator('#allowedOrigins').click();
    await dialog.locator('#allowedOrigins').fill(SHOP);
    await dialog.locator('#allowedOrigins').press('Enter');
    await page.getByTestId('crud-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    // The drawer follows the saved app.
    await drawer.getByTestId('widget-no-origins').waitFor({ state: 'detached' });
    expect(await drawer.getByTestId('widget-origins').innerText()).toContain(SHOP);
  });

  it('390 px: the drawer takes the whole width', async () => {
    const page = await signedIn('en', 390, 844);
    const drawer = await openDrawer(page);
    const box = await page.locator('.widget-drawer').boundingBox();
    expect(box?.width).toBe(390);
    await shot(page, 'phone-install');
    await drawer.getByTestId('widget-tab-preview').click();
    await drawer.locator('[data-testid=widget-preview] [data-part=panel]').waitFor();
    await shot(page, 'phone-preview');
    await drawer.getByTestId('widget-tab-visitors').click();
    await drawer.getByTestId('visitor-table').locator('tr.ant-table-row').first().waitFor();
    await shot(page, 'phone-visitors');
  });

  it('Home tells of visitors waiting for a person and leads to them; a reply or "handled" clears each', async () => {
    await visitorAsks('Do you sell moon rocks?');
    const page = await signedIn('en', 1440, 900);
    const waiting = page.getByTestId(`home-needs-person-app-${app.id}`);
    await waiting.waitFor();
    expect(await waiting.innerText()).toBe('Website visitors of Shop desk: 2 conversations');
    await shot(page, 'home');
    await waiting.click();
    const drawer = page.getByTestId('widget-drawer');
    // Open on the visitors, filtered to those waiting: not the answered one.
    const rows = drawer.getByTestId('visitor-table').locator('tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const transcript = page.getByTestId('visitor-transcript');

    // One is answered by a person writing to the visitor.
    await rows.filter({ hasText: 'moon rocks' }).click();
    await transcript.getByTestId('visitor-reply-input').fill('Only replicas, in our shop downtown.');
    await transcript.getByTestId('visitor-reply-input').press('Control+Enter');
    await transcript.getByTestId('visitor-reply').getByText('Only replicas, in our shop downtown.').waitFor();
    await transcript.getByText('Not waiting for a person').waitFor();
    await shot(page, 'reply');
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.count()).toBe(1);

    // The other is marked handled.
    await rows.first().click();
    await transcript.getByTestId('visitor-handled').click();
    await transcript.getByText('Not waiting for a person').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.count()).toBe(0);
    await page.goto('/index');
    await page.getByTestId('home-needs-person').waitFor();
    await expect.poll(() => page.getByTestId(`home-needs-person-app-${app.id}`).count()).toBe(0);
  });
});
