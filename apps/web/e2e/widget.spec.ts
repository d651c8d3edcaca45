import { WIDGET_CHAT_PATH, WIDGET_RATE_LIMIT } from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHarnessForFile } from './support/harness';
import { website } from './support/website';

/**
 * Issue 36, acceptance 3: the website widget on a plain HTML page of another origin, loaded by its
 * script tag alone. A visitor opens it, asks, and reads the streamed answer with its source, in
 * English at desktop width and in Chinese at 390 px (full screen there); a visitor over the rate
 * is told to wait, in their language. (The widget key's limits: widget-api.test.ts.)
 */
const { h, f } = adminHarnessForFile();
let app: { id: number; port: number; widgetKey: string };
let shop: string;
const sites: { close(): void }[] = [];

const HOURS_Q = 'What are your opening hours?';
const HOURS_A = 'We are open from 9 to 18 on weekdays.';
const RETURNS_Q = '可以退货吗？';
const RETURNS_A = '收货后三十天内可凭收据退货。';

/** A plain page of a website on another origin, carrying the widget's script tag. */
async function shopWith(lang: string): Promise<string> {
  const site = await website(
    () =>
      '<h1>Shop</h1><p>Plain page of a website.</p>' +
      `<script src="http://127.0.0.1:${app.port}/widget.js" data-key="${app.widgetKey}" data-lang="${lang}" async></script>`,
  );
  sites.push(site);
  return site.origin;
}

beforeAll(async () => {
  const customerId = await f.customer();
  await insertQa(h.t, { customerId, question: HOURS_Q, answer: HOURS_A });
  await insertQa(h.t, { customerId, question: RETURNS_Q, answer: RETURNS_A });
  const port = await freePort();
  // The page's origin is only known once it listens: the app is saved with it right after.
  app = { id: 0, port, widgetKey: '' };
  shop = await shopWith('en');
  const zhShop = await shopWith('zh-chs');
  const saved = await f.ok<{ id: number; widgetKey: string }>('POST', '/api/v3/app/info/save', {
    customerId,
    name: 'Shop desk',
    code: 'shop-desk',
    port,
    allowedOrigins: [shop, zhShop],
  });
  app = { id: saved.id, port, widgetKey: saved.widgetKey };
  await f.ok('GET', `/api/v3/app/info/startApp/${app.id}`);
  pageOf.zh = zhShop;
});
afterAll(() => {
  for (const site of sites) site.close();
});

const pageOf: { zh?: string } = {};

const part = (page: Page, name: string) => page.locator(`[data-agent-console-widget] [data-part="${name}"]`);

async function ask(page: Page, question: string): Promise<void> {
  await part(page, 'input').fill(question);
  await part(page, 'input').press('Enter');
}

describe('the website widget on a page of another origin', () => {
  it('en, desktop: opens from its bubble, answers as it streams, with the source', async () => {
    const { page } = await h.newPage({ width: 1280, height: 800 });
    await page.goto(shop);
    const launcher = part(page, 'launcher');
    await launcher.waitFor();
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    await launcher.click();
    const panel = part(page, 'panel');
    await panel.waitFor();
    // The app's name once the start has answered.
    await expect.poll(() => part(page, 'title').innerText()).toBe('Shop desk');
    // Focus is in the question box, so a keyboard user writes at once.
    await expect
      .poll(() => part(page, 'input').evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement))
      .toBe(true);
    await ask(page, HOURS_Q);
    const answer = page.locator('[data-agent-console-widget] [data-part="message"][data-role="agent"]').last();
    await answer.getByText(HOURS_A).waitFor();
    await part(page, 'source').getByText(HOURS_Q).waitFor();
    expect(await answer.getAttribute('aria-busy')).not.toBe('true');
    // A window, not the whole screen, at desktop width; Escape closes it and hands focus back.
    const box = await panel.boundingBox();
    expect(box?.width).toBeLessThan(600);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    // The page itself is untouched: no global, no style of the widget outside its shadow root.
    expect(await page.evaluate(() => document.querySelectorAll('style, link[rel=stylesheet]').length)).toBe(0);
    // A reload finds the visitor's conversation again.
    await page.reload();
    await part(page, 'launcher').click();
    await page
      .locator('[data-agent-console-widget] [data-part="message"][data-role="visitor"]')
      .getByText(HOURS_Q)
      .waitFor();
  });

  it('zh-chs, 390 px: takes the whole screen and answers in the visitor’s language', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto(pageOf.zh as string);
    await part(page, 'launcher').click();
    const panel = part(page, 'panel');
    await panel.waitFor();
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await ask(page, RETURNS_Q);
    await page
      .locator('[data-agent-console-widget] [data-part="message"][data-role="agent"]')
      .getByText(RETURNS_A)
      .waitFor();
    await part(page, 'sources').getByText(RETURNS_Q).waitFor();
    expect(await part(page, 'sources').innerText()).toContain('来源');
  });

  for (const [lang, width] of [
    ['en', 390],
    ['zh-chs', 1280],
  ] as const) {
    it(`${lang} at ${width} px too: the answer with its source`, async () => {
      const { page } = await h.newPage({ width, height: 800 });
      await page.goto(lang === 'en' ? shop : (pageOf.zh as string));
      await part(page, 'launcher').click();
      await part(page, 'panel').waitFor();
      const [question, reply] = lang === 'en' ? [HOURS_Q, HOURS_A] : [RETURNS_Q, RETURNS_A];
      await ask(page, question);
      await page
        .locator('[data-agent-console-widget] [data-part="message"][data-role="agent"]')
        .getByText(reply)
        .last()
        .waitFor();
      await part(page, 'source').getByText(question).last().waitFor();
      const box = await part(page, 'panel').boundingBox();
      // Full screen below 768 px only.
      expect(box?.width === width).toBe(width < 768);
    });
  }

  it('hands over what it cannot answer, and shows a person’s reply within seconds while open', async () => {
    const { page } = await h.newPage({ width: 1280, height: 800 });
    await page.goto(shop);
    await part(page, 'launcher').click();
    await part(page, 'panel').waitFor();
    await ask(page, 'Do you ship to Mars?');
    await part(page, 'needs-person').last().getByText('Passed on to our team.').waitFor();
    // A person reads it in the console and writes back.
    const admin = await h.t.loginAdmin();
    // The one visitor waiting for a person (every other question here is answered).
    const listed = await h.t.call<{ list: { id: number }[] }>('POST', '/api/v3/app/info/visitors/page', {
      token: admin,
      body: { appId: app.id, needsPerson: true },
    });
    const [conversation] = listed.body.data.list;
    const sent = await h.t.call('POST', '/api/v3/app/info/visitors/reply', {
      token: admin,
      body: { conversationId: conversation?.id, content: 'Not yet — but we ship to the Moon.' },
    });
    expect(sent.body.code).toBe('00000');
    const reply = page.locator('[data-agent-console-widget] [data-part="message"][data-role="person"]');
    await reply.getByText('Not yet — but we ship to the Moon.').waitFor();
    expect(await reply.locator('[data-part="person-label"]').innerText()).toBe('Our team');
  });

  it('tells a visitor over the rate when they may ask again, in their language', async () => {
    const { page } = await h.newPage({ width: 1280, height: 800 });
    await page.goto(pageOf.zh as string);
    await part(page, 'launcher').click();
    await part(page, 'panel').waitFor();
    // The visitor's token as the widget keeps it; the budget is spent outside the page.
    const stored = () => page.evaluate((key) => localStorage.getItem(`agent-console-widget:${key}`), app.widgetKey);
    await expect.poll(stored).toBeTruthy();
    const visitor = (await stored()) as string;
    for (let i = 0; i < WIDGET_RATE_LIMIT; i++) {
      const res = await fetch(`http://127.0.0.1:${app.port}${WIDGET_CHAT_PATH}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${app.widgetKey}`,
          'content-type': 'application/json',
          origin: pageOf.zh as string,
        },
        body: JSON.stringify({ visitor, message: RETURNS_Q }),
      });
      await res.text();
    }
    await ask(page, RETURNS_Q);
    const error = part(page, 'error');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/^发送过于频繁，请 \d+ 秒后再试。$/);
    expect(await error.getAttribute('role')).toBe('alert');
  });
});
