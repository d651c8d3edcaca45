import { registerMember } from '@agent-console/server/test/fixtures/users';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile, openSignedIn, signIn } from './support/harness';

/**
 * Issue 37, one feedback rule: every dialog's save and every switch of a list confirms the same
 * way, whichever screen it is on (the customer dialog and a user's switch were silent).
 */
const h = harnessForFile();
beforeAll(async () => {
  await registerMember(h.t, 'quiet-kim');
});

const success = (page: Page, text: string) => page.locator('.ant-message-success', { hasText: text });

describe('saves and switches confirm alike', () => {
  it('en, 1440 px: a new customer says "Saved", a user switched off says "Switched off"', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/system/dept');
    await page.getByTestId('add-child-Headquarters').click();
    await page.getByTestId('dept-name').fill('Feedback branch');
    await page.getByTestId('crud-dialog-ok').click();
    await success(page, 'Saved').waitFor();
    await page.getByTestId('dept-dialog').waitFor({ state: 'detached' });

    await page.goto('/system/user');
    const status = page.getByTestId('status-quiet-kim');
    await status.click();
    await success(page, 'Switched off').waitFor();
    expect(await status.getAttribute('aria-checked')).toBe('false');
  });

  it('zh-chs, 390 px: the same in Chinese', async () => {
    const { page } = await h.newPage({ lang: 'zh-chs', width: 390, height: 844 });
    await page.goto('/login');
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('app-layout').waitFor();
    await page.goto('/system/post');
    await page.getByTestId('crud-create').click();
    await page.getByTestId('post-dialog').locator('input#code').fill('feedback');
    await page.getByTestId('post-dialog').locator('input#name').fill('反馈');
    await page.getByTestId('crud-dialog-ok').click();
    await success(page, '保存成功').waitFor();

    await page.goto('/system/user');
    const status = page.getByTestId('status-quiet-kim');
    await status.waitFor();
    const wasOn = (await status.getAttribute('aria-checked')) === 'true';
    await status.click();
    await success(page, wasOn ? '已停用' : '已启用').waitFor();
  });
});
