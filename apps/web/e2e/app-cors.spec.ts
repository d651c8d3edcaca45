import { qaAppSaved } from '@agent-console/server/test/fixtures/apps';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHarnessForFile, openSignedIn } from './support/harness';
import { website } from './support/website';

/**
 * Issue 36, acceptance 2: a web page on another origin calls an app from Chromium. The operator
 * lists the page's origin in the app dialog; that page's call is answered (and can read the
 * request id), while the same call from a page on an origin not listed is blocked by the browser.
 */
const { h, f } = adminHarnessForFile();
let app: { id: number; name: string; port: number; apiKey: string };
const sites: { close(): void }[] = [];
let shop: string;
let stranger: string;
const HOURS = 'We are open from 9 to 18 on weekdays.';

/** A plain page of some other website, on its own origin. */
async function plainPage(): Promise<string> {
  const site = await website(() => '<p>Shop</p>');
  sites.push(site);
  return site.origin;
}

beforeAll(async () => {
  const qa = { question: 'What are your opening hours?', answer: HOURS };
  ({ app } = await qaAppSaved<typeof app>(h.t, f, qa, { name: 'Shop desk', code: 'shop-desk' }));
  await f.ok('GET', `/api/v3/app/info/startApp/${app.id}`);
  shop = await plainPage();
  stranger = await plainPage();
});
afterAll(() => {
  for (const site of sites) site.close();
});

/** Calls the app from the page as a website's script would; the browser's refusal comes back as its message. */
function callFrom(page: Page): Promise<{ content: string; requestId: string | null } | { blocked: string }> {
  return page.evaluate(
    async ({ url, key }) => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ role: 'user', content: 'What are your opening hours?' }] }),
        });
        const body = (await res.json()) as { choices: { message: { content: string } }[] };
        return { content: body.choices[0]?.message.content ?? '', requestId: res.headers.get('x-request-id') };
      } catch (err) {
        return { blocked: String(err) };
      }
    },
    { url: `http://127.0.0.1:${app.port}/v1/chat/completions`, key: app.apiKey },
  );
}

/** The app's allowed web pages as stored. */
async function savedOrigins(): Promise<string[]> {
  const answer = await h.t.call<{ list: { id: number; allowedOrigins: string[] }[] }>(
    'POST',
    '/api/v3/app/info/list/page',
    {
      token: await h.t.loginAdmin(),
      body: { keyword: 'shop-desk' },
    },
  );
  return answer.body.data.list.find((row) => row.id === app.id)?.allowedOrigins ?? [];
}

async function openAppDialog(page: Page): Promise<ReturnType<Page['getByTestId']>> {
  await page.goto('/app/info');
  await page.getByTestId('app-page').locator('tr.ant-table-row', { hasText: 'shop-desk' }).waitFor();
  await page.getByTestId('edit-shop-desk').click();
  const dialog = page.getByTestId('app-dialog');
  await dialog.waitFor();
  return dialog;
}

describe('an app called from a web page', () => {
  it('en: the page listed in the app dialog calls the app; a page not listed is blocked', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    const dialog = await openAppDialog(page);
    expect(await dialog.innerText()).toContain('Allowed web pages');
    const origins = dialog.locator('#allowedOrigins');
    await origins.fill(`${shop}/`);
    await origins.press('Enter');
    await page.getByTestId('crud-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    // Written with a trailing slash, kept as a browser sends it.
    expect(await savedOrigins()).toEqual([shop]);
    // The list shows them in a column the picker turns on.
    await page.getByTestId('crud-columns').click();
    await page.getByTestId('crud-column-allowedOrigins').click();
    await page.keyboard.press('Escape');
    const row = page.getByTestId('app-page').locator('tr.ant-table-row', { hasText: 'shop-desk' });
    await row.getByText(shop).waitFor();

    const { page: shopPage } = await h.newPage();
    await shopPage.goto(shop);
    const answered = await callFrom(shopPage);
    expect(answered).toEqual({ content: HOURS, requestId: expect.stringMatching(/^req_/) });

    const { page: strangerPage } = await h.newPage();
    await strangerPage.goto(stranger);
    expect(await callFrom(strangerPage)).toEqual({ blocked: expect.stringContaining('Failed to fetch') });
  });

  it('zh-chs: the field speaks Chinese and refuses an address with a path, naming the rule', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    const dialog = await openAppDialog(page);
    expect(await dialog.innerText()).toContain('允许的网页来源');
    const origins = dialog.locator('#allowedOrigins');
    await origins.fill('https://shop.example/checkout');
    await origins.press('Enter');
    await page.getByTestId('crud-dialog-ok').click();
    await dialog.getByText('来源由协议、主机和端口组成，不含路径').waitFor();
    // Nothing was saved: the listed page still calls, the path was not taken.
    expect(await savedOrigins()).toEqual([shop]);
  });
});
