import { loginLogs, roles, userRoles, users } from '@agent-console/server/test/db';
import { COUNT_CAP, hashPassword } from '@agent-console/server/test/internals';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, startHarness } from './support/harness';

let h: Harness;
const BOB_PASSWORD = 'bob-password-1';

beforeAll(async () => {
  h = await startHarness();
  const { db } = h.t.database;
  const [staff] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'staff'));
  const [bob] = await db
    .insert(users)
    .values({ customerId: 1, username: 'bob', nickName: 'Bob', passwordHash: await hashPassword(BOB_PASSWORD) })
    .returning({ id: users.id });
  if (staff && bob) await db.insert(userRoles).values({ userId: bob.id, roleId: staff.id });
});
afterAll(() => h.close());

const signedIn = (username: string, password: string, lang: string) => openSignedIn(h, username, password, lang);

describe('monitoring screens', () => {
  it('admin forces out a signed-in user, whose next click lands on sign-in; the login log shows it', async () => {
    const bob = await signedIn('bob', BOB_PASSWORD, 'en');
    const admin = await signedIn('admin', TEST_ADMIN_PASSWORD, 'en');

    await admin.goto('/monitor/online');
    await admin.getByTestId('online-page').waitFor();
    await admin.getByTestId('force-bob').first().waitFor();
    await admin.getByTestId('force-bob').first().click();
    await admin.getByTestId('confirm-force').click();
    await admin.getByText('One session ended').waitFor();
    await admin.getByTestId('force-bob').waitFor({ state: 'detached' });

    // Bob's next click needs the server, which now answers A0301.
    await bob.getByTestId('menu-UserSetting').click();
    await bob.waitForURL(/\/login/);
    await bob
      .getByText('Your session has ended (signed out, expired or ended by an administrator). Please sign in again.')
      .first()
      .waitFor();

    await admin.goto('/monitor/loginlog');
    await admin.getByTestId('loginlog-page').waitFor();
    await admin.getByTestId('filter-username').fill('bob');
    await admin.getByTestId('crud-search-submit').click();
    const forced = admin.locator('tr', { hasText: 'Forced logout' });
    await forced.first().waitFor();
    expect(await forced.first().innerText()).toContain('Forced out by admin');
    const rows = await h.t.database.db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.username, 'bob'), eq(loginLogs.event, 'forceLogout')));
    expect(rows).toHaveLength(1);
  });

  it('asks twice before forcing out your own session (Simplified Chinese)', async () => {
    const admin = await signedIn('admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await admin.goto('/monitor/online');
    await admin.getByTestId('filter-username').fill('admin');
    await admin.getByTestId('crud-search-submit').click();
    const own = admin.locator('tr', { hasText: '当前会话' });
    await own.waitFor();
    await own.getByTestId('force-admin').click();
    await admin.getByTestId('confirm-force').click();
    await admin.locator('.ant-modal-confirm-title', { hasText: '包含您自己的会话' }).waitFor();
    await admin
      .getByRole('button', { name: /取\s*消/ })
      .last()
      .click();
    await admin.locator('.ant-modal-confirm-title', { hasText: '包含您自己的会话' }).waitFor({ state: 'detached' });
    expect(admin.url()).toContain('/monitor/online');
    await own.waitFor();
  });

  it('lists operation-log rows with filters and a detail drawer, and deletes with confirmation', async () => {
    const admin = await signedIn('admin', TEST_ADMIN_PASSWORD, 'en');
    // A write to record: a failing password change by the admin (wrong old password).
    await h.t.call('POST', '/api/v3/system/user/password/update/1', {
      token: await h.t.loginAdmin(),
      body: { oldPassword: 'wrong-old-pass', newPassword: 'whatever-99', confirmPassword: 'whatever-99' },
    });
    await h.t.app.auditSettled();
    await admin.goto('/monitor/operlog');
    await admin.getByTestId('operlog-page').waitFor();
    await admin.getByTestId('filter-status').click();
    await admin.locator('.ant-select-item-option', { hasText: 'Failure' }).click();
    await admin.getByTestId('crud-search-submit').click();
    const row = admin.locator('tr', { hasText: '/api/v3/system/user/password/update/1' }).first();
    await row.waitFor();
    await row.getByTestId(/^view-\d+$/).click();
    const params = admin.getByTestId('operlog-params');
    await params.waitFor();
    expect(await params.innerText()).toContain('******');
    expect(await params.innerText()).not.toContain('wrong-old-pass');
    await admin.keyboard.press('Escape');
    await params.waitFor({ state: 'hidden' });

    await row.locator('input[type="checkbox"]').check();
    await admin.getByTestId('delete-selected').click();
    await admin.getByTestId('confirm-delete').click();
    await admin.getByText('1 records deleted').waitFor();
    await admin.locator('tr', { hasText: '/api/v3/system/user/password/update/1' }).waitFor({ state: 'detached' });
  });

  it('filters the operation log by module, chosen by its words (typed in Chinese), never by its id', async () => {
    const token = await h.t.loginAdmin();
    // Two modules to tell apart: a dictionary and a post made through the API.
    const tag = `m${Date.now().toString(36)}`;
    const names = { en: tag, 'zh-chs': tag, 'zh-cht': tag, ja: tag };
    const dict = await h.t.call('POST', '/api/v3/system/dict/save', { token, body: { type: tag, names } });
    const post = await h.t.call('POST', '/api/v3/system/post/save', { token, body: { code: tag, name: tag, sort: 1 } });
    expect([dict.body.code, post.body.code]).toEqual(['00000', '00000']);
    await h.t.app.auditSettled();
    const admin = await signedIn('admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await admin.goto('/monitor/operlog');
    await admin.getByTestId('operlog-page').waitFor();
    await admin.getByTestId('filter-module').click();
    await admin.keyboard.type('字典');
    await admin.locator('.ant-select-item-option', { hasText: '字典' }).click();
    await admin.getByTestId('crud-search-submit').click();
    await expect
      .poll(async () => [...new Set(await admin.getByTestId('operlog-module').allInnerTexts())])
      .toEqual([expect.stringContaining('字典')]);
    // The choice reached the address and the request as the module's id.
    expect(new URL(admin.url()).searchParams.get('title')).toBe('system/dict');
  });

  it('exports the login log and saves it under the server’s Chinese file name', async () => {
    const admin = await signedIn('admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await admin.goto('/monitor/loginlog');
    await admin.getByTestId('loginlog-page').waitFor();
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('crud-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^登录日志_\d{14}\.xlsx$/);
  });

  it('says "at least" when a large log stops counting, in English and Simplified Chinese', async () => {
    await h.t.database.sql.exec(`
      INSERT INTO operation_logs (title, business_type, method, path, username, customer_id, status, http_status, cost_ms)
      SELECT 'bulk', 'other', 'POST', '/bulk', 'bulkuser', 1, 'success', 200, 1
      FROM generate_series(1, ${COUNT_CAP + 50})`);
    for (const [lang, text] of [
      ['en', `At least ${COUNT_CAP + 1}`],
      ['zh-chs', `至少 ${COUNT_CAP + 1} 条`],
    ] as const) {
      const admin = await signedIn('admin', TEST_ADMIN_PASSWORD, lang);
      await admin.goto('/monitor/operlog');
      await admin.getByTestId('operlog-page').waitFor();
      await admin.getByTestId('filter-username').fill('bulkuser');
      await admin.getByTestId('crud-search-submit').click();
      await admin.locator('.ant-pagination-total-text', { hasText: text }).waitFor();
    }
  });
});
