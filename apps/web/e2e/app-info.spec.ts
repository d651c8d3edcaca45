import { freePort } from '@agent-console/server/test/child-server';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './support/harness';

/**
 * The app screen end to end (issue 14): create an app with a suggested port, see its API key
 * once, start it and call it with the key, stop it after confirming; in English and in Chinese.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const TEXTS = {
  en: { customer: 'Headquarters', running: 'Running', stopped: 'Stopped', once: 'it will not be shown again' },
  'zh-chs': { customer: '总部', running: '运行中', stopped: '已停止', once: '它不会再次显示' },
} as const;

async function models(port: number, apiKey: string): Promise<number | 'refused'> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/v1/models`, { headers: { authorization: `Bearer ${apiKey}` } }))
      .status;
  } catch {
    return 'refused';
  }
}

async function runThrough(page: Page, lang: keyof typeof TEXTS, code: string) {
  const text = TEXTS[lang];
  await page.goto('/app/info');
  await page.getByTestId('app-page').waitFor();

  // Create: customer, name, code, and a port the server suggests.
  await page.getByTestId('crud-create').click();
  const dialog = page.getByTestId('app-dialog');
  await dialog.waitFor();
  await dialog.locator('#customerId').click();
  await page.locator('.ant-select-tree-title', { hasText: text.customer }).first().click();
  await dialog.locator('input#name').fill(`Desk ${code}`);
  await dialog.locator('input#code').fill(code);
  await page.getByTestId('app-get-port').click();
  await expect.poll(() => dialog.locator('input#port').inputValue()).toMatch(/^\d{4,5}$/);
  const port = Number(await dialog.locator('input#port').inputValue());
  expect(port).toBeGreaterThanOrEqual(1024);
  await page.getByTestId('crud-dialog-ok').click();

  // The key, once, with a copy button and the warning that it will not be shown again.
  const keyDialog = page.getByTestId('api-key-dialog');
  await keyDialog.waitFor();
  expect(await keyDialog.innerText()).toContain(text.once);
  await keyDialog.locator('.ant-typography-copy').waitFor();
  const apiKey = (await page.getByTestId('api-key').innerText()).trim();
  expect(apiKey).toMatch(/^ak-[\w-]{32}$/);
  await page.getByTestId('api-key-done').click();
  await keyDialog.waitFor({ state: 'detached' });
  const row = page.getByTestId('app-page').locator('tr.ant-table-row', { hasText: code });
  await row.waitFor();
  expect(await row.innerText()).not.toContain(apiKey);
  expect(await row.innerText()).toContain(apiKey.slice(0, 10));
  expect(await page.getByTestId(`status-${code}`).innerText()).toContain(text.stopped);

  // Start: the status turns running, the app answers with its key, delete is disabled.
  await page.getByTestId(`start-${code}`).click();
  await expect.poll(() => page.getByTestId(`status-${code}`).getAttribute('data-status')).toBe('running');
  expect(await page.getByTestId(`status-${code}`).innerText()).toContain(text.running);
  expect(await models(port, apiKey)).toBe(200);
  expect(await models(port, 'ak-wrong')).toBe(401);
  expect(await page.getByTestId(`delete-${code}`).isDisabled()).toBe(true);

  // Stop, after confirming: the port closes.
  await page.getByTestId(`stop-${code}`).click();
  await page.getByTestId('app-confirm-stop').click();
  await expect.poll(() => page.getByTestId(`status-${code}`).getAttribute('data-status')).toBe('stopped');
  expect(await page.getByTestId(`status-${code}`).innerText()).toContain(text.stopped);
  expect(await models(port, apiKey)).toBe('refused');
  expect(await page.getByTestId(`delete-${code}`).isDisabled()).toBe(false);
}

describe('app screen', () => {
  it('creates, starts and stops an app (en)', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await runThrough(page, 'en', 'front-desk');
  });

  it('creates, starts and stops an app (zh-chs)', async () => {
    const { page } = await h.newPage({ lang: 'zh-chs' });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await runThrough(page, 'zh-chs', 'qian-tai');
  });

  it('shows why an app failed, in the reader’s language', async () => {
    const token = await h.t.loginAdmin();
    const net = await import('node:net');
    const squatter = net.createServer();
    // A port apps may use (APP_PORTS), held by something else.
    const port = await freePort();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const me = await h.t.call<{ customer: { id: number } }>('GET', '/api/v3/system/user/info', { token });
      const created = await h.t.call<{ id: number }>('POST', '/api/v3/app/info/save', {
        token,
        body: { customerId: me.body.data.customer.id, name: 'Busy port', code: 'busy-port', port },
      });
      const started = await h.t.call<{ status: string }>('GET', `/api/v3/app/info/startApp/${created.body.data.id}`, {
        token,
      });
      expect(started.body.data.status).toBe('failed');
      const { page } = await h.newPage({ lang: 'zh-chs' });
      await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
      await page.waitForURL(/\/index$/);
      await page.goto('/app/info');
      await page.getByTestId('status-reason-busy-port').waitFor();
      expect(await page.getByTestId('status-reason-busy-port').innerText()).toBe(`端口 ${port} 已被占用`);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
