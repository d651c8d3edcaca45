import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, startHarness } from './support/harness';

/**
 * Issue 37, the language switch: what the server names (built-in role names, the root customer in
 * the customer tree, menu titles) follows a switch in the header at once, without a reload.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function switchTo(page: Page, language: string) {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: language }).click();
}

/** A mark on the page's window: a reload would drop it. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
const marked = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

describe('language switch', () => {
  it('renames the roles and the customer tree on screen without a reload', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto('/system/role');
    const roles = page.locator('.ant-table-tbody');
    await roles.getByText('Super administrator').waitFor();
    await markPage(page);
    await switchTo(page, '简体中文');
    await roles.getByText('超级管理员').waitFor();
    expect(await roles.innerText()).not.toContain('Super administrator');
    expect(await marked(page)).toBe(true);

    await page.goto('/system/dept');
    await page.locator('.ant-table-tbody').getByText('总部').waitFor();
    await markPage(page);
    await switchTo(page, 'English');
    await page.locator('.ant-table-tbody').getByText('Headquarters').waitFor();
    expect(await marked(page)).toBe(true);
  });

  it('renames the signed-in person’s own customer and role on Home', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await page.goto('/index');
    const main = page.locator('main');
    await main.getByText('总部').first().waitFor();
    await main.getByText('超级管理员').first().waitFor();
    await switchTo(page, 'English');
    await main.getByText('Headquarters').first().waitFor();
    await main.getByText('Super administrator').first().waitFor();
    expect(await main.innerText()).not.toContain('总部');
  });
});
