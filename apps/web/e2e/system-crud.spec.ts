import { DEPT_PERMISSIONS } from '@agent-console/contracts';
import { customers, roles } from '@agent-console/server/test/db';
import { insertScopedUser } from '@agent-console/server/test/fixtures/users';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './support/harness';

/** The shared CRUD screens in Simplified Chinese: posts end to end, and menu titles as text. */
let h: Harness;
let page: Page;
beforeAll(async () => {
  h = await startHarness();
  ({ page } = await h.newPage({ lang: 'zh-chs' }));
  await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
  await page.waitForURL(/\/index$/);
});
afterAll(() => h.close());

const rows = () => page.getByTestId('post-page').locator('.ant-table-tbody tr.ant-table-row');

describe('posts screen (zh-chs)', () => {
  it('creates, validates, searches, edits, sorts and deletes posts', async () => {
    await page.goto('/system/post');
    await page.getByTestId('post-page').waitFor();
    await page
      .getByTestId('post-page')
      .locator('.ant-table-tbody .ant-empty-description', { hasText: '暂无数据' })
      .waitFor();

    // Client-side validation: empty form.
    await page.getByTestId('crud-create').click();
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('crud-dialog-error').waitFor();
    expect(await page.getByTestId('crud-dialog-error').innerText()).toContain('表单校验未通过');

    const create = async (code: string, name: string, by: 'button' | 'enter' = 'button') => {
      await page.getByTestId('post-dialog').locator('input#code').fill(code);
      await page.getByTestId('post-dialog').locator('input#name').fill(name);
      if (by === 'enter') await page.getByTestId('post-dialog').locator('input#name').press('Enter');
      else await page.getByTestId('crud-dialog-ok').click();
      await page.getByTestId('post-dialog').waitFor({ state: 'detached' });
    };
    await create('dev', '开发');
    await page.getByTestId('crud-create').click();
    await create('ops', '运维');
    // Enter in a text field saves, as in any form.
    await page.getByTestId('crud-create').click();
    await create('qa', '测试', 'enter');
    await rows().nth(2).waitFor();

    // Server-side uniqueness error lands under the field.
    await page.getByTestId('crud-create').click();
    await page.getByTestId('post-dialog').locator('input#code').fill('dev');
    await page.getByTestId('post-dialog').locator('input#name').fill('重复');
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('post-dialog').locator('.ant-form-item-explain-error').getByText('已被占用').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('post-dialog').waitFor({ state: 'detached' });

    // Sort by code descending (two clicks on the header). Quick clicks that overtake the URL are
    // covered by ui/crud/url-mirror.test.ts.
    const header = page.getByTestId('post-page').locator('th', { hasText: '岗位编码' });
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    await page.waitForFunction(() => {
      const first = document.querySelector(
        '[data-testid="post-page"] .ant-table-tbody tr.ant-table-row td:nth-child(2)',
      );
      return first?.textContent === 'qa';
    });

    // Search.
    await page.getByTestId('filter-code').fill('op');
    await page.getByTestId('crud-search-submit').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="post-page"] .ant-table-tbody tr.ant-table-row').length === 1,
    );
    expect(await rows().first().innerText()).toContain('运维');
    await page.getByTestId('crud-search-reset').click();
    await rows().nth(2).waitFor();

    // Edit.
    await page.getByTestId('edit-ops').click();
    await page.getByTestId('post-dialog').locator('input#name').fill('运维工程师');
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('post-page').getByText('运维工程师').waitFor();

    // Delete one with confirmation, then a batch.
    await page.getByTestId('delete-dev').click();
    await page.getByTestId('crud-confirm-delete').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="post-page"] .ant-table-tbody tr.ant-table-row').length === 2,
    );
    await page.getByTestId('post-page').locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByTestId('crud-batch-delete').click();
    await page.getByTestId('crud-confirm-delete').click();
    await page
      .getByTestId('post-page')
      .locator('.ant-table-tbody .ant-empty-description', { hasText: '暂无数据' })
      .waitFor();
  });
});

describe('menus screen', () => {
  it('renders a script-like menu title as text and runs nothing', async () => {
    const xss = '<img src=x onerror="window.__xss=1">';
    const token = await h.t.loginAdmin();
    const res = await h.t.call('POST', '/api/v3/system/menu/save', {
      token,
      body: {
        type: 'directory',
        name: 'XssProbe',
        path: '/xss-probe',
        titles: { en: xss, 'zh-chs': xss, 'zh-cht': xss, ja: xss },
      },
    });
    expect(res.body.code).toBe('00000');
    await page.goto('/system/menu');
    await page.getByTestId('menu-page').waitFor();
    await page.getByTestId('filter-title').fill('img');
    await page.getByTestId('crud-search-submit').click();
    await page.getByTestId('menu-title-XssProbe').waitFor();
    expect(await page.getByTestId('menu-title-XssProbe').innerText()).toBe(xss);
    expect(await page.locator('[data-testid="menu-page"] img[src="x"]').count()).toBe(0);
    // The aside menu shows it too, as text.
    await page.reload();
    await page.getByTestId('aside-menu').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});

describe('customers and permission config (en)', () => {
  it('shows and rotates an invitation code, creates, filters and deletes a customer', async () => {
    const { page: en } = await h.newPage({ lang: 'en' });
    await signIn(en, 'admin', TEST_ADMIN_PASSWORD);
    await en.waitForURL(/\/index$/);
    await en.goto('/system/dept');
    await en.getByTestId('dept-page').waitFor();
    await en.getByTestId('invitation-Headquarters').click();
    const code = en.getByTestId('invitation-code');
    await code.waitFor();
    const before = (await code.innerText()).trim();
    expect(before).toMatch(/^[A-Z2-9]{12}$/);
    await en.getByTestId('invitation-rotate').click();
    await en.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await en.waitForFunction(
      (old) => document.querySelector('[data-testid="invitation-code"]')?.textContent?.trim() !== old,
      before,
    );
    await en.getByTestId('invitation-close').click();
    await en.getByTestId('invitation-code').waitFor({ state: 'hidden' });

    // A new empty customer, found by the filter and deleted after confirmation.
    await en.getByTestId('add-child-Headquarters').click();
    await en.getByTestId('dept-name').fill('Temp branch');
    await en.getByTestId('crud-dialog-ok').click();
    await en.getByTestId('dept-dialog').waitFor({ state: 'detached' });
    await en.getByTestId('filter-name').fill('temp');
    await en.getByTestId('crud-search-submit').click();
    await en.waitForFunction(
      () => document.querySelectorAll('[data-testid="dept-page"] .ant-table-tbody tr.ant-table-row').length === 1,
    );
    await en.getByTestId('delete-Temp branch').click();
    await en.getByTestId('crud-confirm-delete').click();
    await en.getByTestId('dept-page').locator('.ant-table-tbody .ant-empty-description').waitFor();
  });

  it('tells a customer editor who may not grant the default role why the invitation code is not shown', async () => {
    const db = h.t.database.db;
    const editor = await insertScopedUser(db, [DEPT_PERMISSIONS.list, DEPT_PERMISSIONS.edit]);
    // Staff, this customer's default role, holds more than the editor may grant.
    const [staff] = await db.select().from(roles).where(eq(roles.key, 'staff'));
    await db.update(customers).set({ defaultRoleId: staff?.id }).where(eq(customers.id, editor.customerId));
    const [own] = await db.select().from(customers).where(eq(customers.id, editor.customerId));
    const { page: en } = await h.newPage({ lang: 'en' });
    await signIn(en, editor.username, editor.password);
    await en.waitForURL(/\/index$/);
    await en.goto('/system/dept');
    await en.getByTestId(`invitation-${own?.name}`).click();
    await en
      .getByTestId('invitation-refused')
      .getByText("Only someone who may grant this customer's default role")
      .waitFor();
    expect(await en.getByTestId('invitation-code').count()).toBe(0);
    expect(await en.getByTestId('invitation-rotate').count()).toBe(0);
  });

  it('lists a page’s button permissions and adds one', async () => {
    const { page: en } = await h.newPage({ lang: 'en' });
    await signIn(en, 'admin', TEST_ADMIN_PASSWORD);
    await en.waitForURL(/\/index$/);
    await en.goto('/ai/permission');
    await en.getByTestId('permission-menu-tree').getByText('Posts', { exact: true }).click();
    await en.getByTestId('permission-page').getByText('system:post:add').waitFor();
    await en.getByTestId('crud-create').click();
    await en.getByTestId('permission-code').fill('system:post:import');
    await en.getByTestId('permission-title-en').fill('Import posts');
    await en.getByTestId('crud-dialog-ok').click();
    await en.getByTestId('permission-page').getByText('Import posts').waitFor();
    // A malformed code is refused in the form before any call.
    await en.getByTestId('crud-create').click();
    await en.getByTestId('permission-code').fill('not a code');
    await en.getByTestId('permission-title-en').fill('Bad');
    await en.getByTestId('crud-dialog-ok').click();
    await en.getByTestId('permission-dialog').getByText('Like module:page:action').waitFor();
  });
});
