import { roles } from '@agent-console/server/test/db';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, registerStaff, startHarness } from './support/harness';

/**
 * Issue 13: built-in names (the root customer, the built-in roles) stayed English on Chinese
 * screens, and a staff user saw "Permission config" with the whole page tree.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await registerStaff(h, ['frank']);
});
afterAll(() => h.close());

const signedIn = (username: string, password: string, lang: string) => openSignedIn(h, username, password, lang);

const tableText = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-table-tbody').innerText();

describe('built-in names on Chinese screens', () => {
  it('shows the root customer and the built-in roles in Chinese, and a renamed role as typed', async () => {
    const page = await signedIn('admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await page.goto('/system/user');
    const users = page.getByTestId('user-page');
    await users.locator('.ant-table-row', { hasText: 'admin' }).waitFor();
    const adminRow = users.locator('.ant-table-row', { hasText: 'admin' });
    await expect.poll(() => adminRow.innerText()).toContain('总部');
    expect(await adminRow.innerText()).toContain('超级管理员');
    expect(await tableText(page, 'user-page')).not.toMatch(/Headquarters|Super administrator/);
    // The customer tree beside the list.
    expect(await page.locator('.ant-tree').first().innerText()).toContain('总部');

    await page.goto('/system/role');
    await page.getByTestId('role-page').locator('.ant-table-row').first().waitFor();
    await expect.poll(() => tableText(page, 'role-page')).toContain('员工');
    expect(await tableText(page, 'role-page')).toContain('超级管理员');
    expect(await tableText(page, 'role-page')).not.toMatch(/\bStaff\b|Super administrator/);

    // A name someone typed is shown as typed, in Chinese too.
    await h.t.database.db.update(roles).set({ name: 'Sales team' }).where(eq(roles.key, 'staff'));
    try {
      await page.reload();
      await expect.poll(() => tableText(page, 'role-page')).toContain('Sales team');
      expect(await tableText(page, 'role-page')).not.toContain('员工');
    } finally {
      await h.t.database.db.update(roles).set({ name: 'Staff' }).where(eq(roles.key, 'staff'));
    }
  });
});

describe('a staff user and permission config', () => {
  it.each([
    ['en', 'Permission config', 'AI config'],
    ['zh-chs', '权限配置', 'AI 配置'],
  ])('%s: neither the side menu nor the search offers it, and its route is not found', async (lang, title, ai) => {
    const page = await signedIn('frank', 'secret-123', lang);
    // The AI directory is still theirs (main prompt, new-customer access).
    await page.getByTestId('menu-Ai').click();
    await page.getByTestId('menu-AiMainPrompt').waitFor();
    expect(await page.getByTestId('menu-AiPermission').count()).toBe(0);
    expect(await page.getByTestId('app-layout').innerText()).not.toContain(title);

    await page.keyboard.press('Escape');
    await page.keyboard.press('s');
    await page.getByTestId('search-input').waitFor();
    await expect.poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(3);
    const all = await page.getByTestId('search-results').innerText();
    expect(all).toContain(ai);
    expect(all).not.toContain(title);
    await page.keyboard.type(title);
    expect(await page.getByTestId('search-results').innerText()).not.toContain(title);
    await page.keyboard.press('Escape');

    await page.goto('/ai/permission');
    await page.getByTestId('not-found').waitFor();
  });
});
