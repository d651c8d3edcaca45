import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, startHarness } from './support/harness';

/**
 * Issue 37: a paste over a field's limit says what was cut, whatever limits the field (antd's
 * counter on the main prompt, the browser's maxlength elsewhere), signed in or not.
 */
let h: Harness;
let customerId: number;

beforeAll(async () => {
  h = await startHarness();
  const admin = await h.t.loginAdmin();
  customerId = await fixtures(h.t, () => admin).customer('Paste Co');
});
afterAll(async () => {
  await h?.close();
});

/** Pastes as a person does: the text on the clipboard, then Ctrl+V in the field. */
async function paste(context: BrowserContext, page: Page, field: Locator, text: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.click();
  await page.keyboard.press('Control+V');
}

const notice = (page: Page) => page.locator('.ant-message-warning');

describe('a paste over a limit', () => {
  it('en, 1440 px: the main prompt keeps 200 characters and says one was left out', async () => {
    const app = await insertApp(h.t, { customerId, name: 'Paste desk', code: 'paste-desk' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/ai/main-prompt?customerId=${customerId}&appId=${app.id}`);
    const field = page.getByTestId('main-prompt-text');
    await page.getByTestId('main-prompt-built-in').waitFor();
    await paste(page.context(), page, field, `${'字'.repeat(199)}😀😀`);
    await notice(page).getByText('1 character was left out').waitFor();
    expect(Array.from(await field.inputValue())).toHaveLength(200);
    // A paste that fits says nothing.
    await field.fill('');
    await paste(page.context(), page, field, 'Answer politely.');
    await expect.poll(() => field.inputValue()).toBe('Answer politely.');
  });

  it('zh-chs, 390 px, before signing in: the user name keeps 64 characters and says so in Chinese', async () => {
    const { context, page } = await h.newPage({ lang: 'zh-chs', width: 390, height: 844 });
    await page.goto('/login');
    const field = page.getByTestId('login-form').locator('input#username');
    await paste(context, page, field, 'a'.repeat(70));
    await page.locator('.ant-message-warning').getByText('有 6 个字符未能粘贴').waitFor();
    expect(await field.inputValue()).toBe('a'.repeat(64));
  });
});
