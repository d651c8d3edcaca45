import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { desc, eq, gt } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invitationCodes, operationLogs } from '../../../db/schema';

const { t, admin, f } = useAdminApp();
let lastId = 0;

/** Rows written since the previous call of this helper (after the hook's writes settle). */
async function newRows() {
  await t.app.auditSettled();
  const rows = await t.database.db
    .select()
    .from(operationLogs)
    .where(gt(operationLogs.id, lastId))
    .orderBy(operationLogs.id);
  lastId = rows.at(-1)?.id ?? lastId;
  return rows;
}

beforeEach(async () => {
  await newRows();
});

describe('operation log hook', () => {
  it('records a registration (auth module) once, with passwords masked', async () => {
    const [invite] = await t.database.db.select({ code: invitationCodes.code }).from(invitationCodes).limit(1);
    const res = await t.call('POST', '/api/register', {
      body: {
        username: 'audited1',
        password: 'very-secret-1',
        confirmPassword: 'very-secret-1',
        invitationCode: invite?.code,
        agreement: true,
      },
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    expect(res.body.code).toBe('00000');
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      businessType: 'insert',
      method: 'POST',
      path: '/api/register',
      username: 'audited1',
      status: 'success',
      httpStatus: 200,
      errorCode: null,
      userAgent: 'AuditTest/1.0',
    });
    expect(row?.params).not.toContain('very-secret-1');
    expect(JSON.parse(row?.params ?? '{}').body).toMatchObject({
      password: '******',
      confirmPassword: '******',
      invitationCode: '******',
    });
    expect(row?.params).not.toContain(String(invite?.code));
    expect(row?.costMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps answers that carry a credential (no-store: invitation codes, generated passwords) out of the log', async () => {
    const customerId = await f.customer();
    await newRows();
    const rotated = await t.call('POST', `/api/v3/system/dept/invitation/rotate/${customerId}`, { token: admin() });
    expect(rotated.body.code).toBe('00000');
    const code = String((rotated.body.data as { code: string }).code);
    const [row] = await newRows();
    expect(row).toMatchObject({ status: 'success', errorCode: null, result: '******' });
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('records a profile update (user module) with user, customer and result', async () => {
    const res = await t.call('POST', '/api/v3/system/user/info/update/1', {
      token: admin(),
      body: { nickName: 'Administrator' },
    });
    expect(res.body.code).toBe('00000');
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: expect.any(String),
      businessType: 'update',
      path: '/api/v3/system/user/info/update/1',
      userId: 1,
      username: 'admin',
      customerId: 1,
      status: 'success',
    });
    expect(JSON.parse(rows[0]?.result ?? '{}')).toMatchObject({ code: '00000' });
  });

  it('records a failing write with its error code and masks both old and new password', async () => {
    const res = await t.call('POST', '/api/v3/system/user/password/update/1', {
      token: admin(),
      body: { oldPassword: 'not-the-password', newPassword: 'new-secret-99', confirmPassword: 'new-secret-99' },
    });
    expect(res.body.code).not.toBe('00000');
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({ status: 'failure', errorCode: res.body.code, errorMessage: expect.any(String) });
    expect(row?.httpStatus).toBeGreaterThanOrEqual(400);
    expect(row?.params).not.toMatch(/not-the-password|new-secret-99/);
    expect(row?.params).toContain('******');
  });

  it('records a write refused by validation, with the field error', async () => {
    const res = await t.call('POST', '/api/v3/system/user/info/update/1', { token: admin(), body: { nickName: '' } });
    expect(res.body.code).toBe('A0410');
    const rows = await newRows();
    expect(rows).toEqual([expect.objectContaining({ status: 'failure', errorCode: 'A0410' })]);
  });

  it('records a write refused for missing permission', async () => {
    const [invite] = await t.database.db.select({ code: invitationCodes.code }).from(invitationCodes).limit(1);
    await t.call('POST', '/api/register', {
      body: {
        username: 'noperm1',
        password: 'pw-123456',
        confirmPassword: 'pw-123456',
        invitationCode: invite?.code,
        agreement: true,
      },
    });
    const token = await t.login('noperm1', 'pw-123456');
    await newRows();
    const res = await t.call('GET', '/api/v3/monitor/operation/log/clean', { token });
    expect(res.body.code).toBe('A0312');
    const rows = await newRows();
    expect(rows).toEqual([
      expect.objectContaining({ businessType: 'clean', username: 'noperm1', status: 'failure', errorCode: 'A0312' }),
    ]);
  });

  it('records nothing for reads, sign-in, logout or anonymous calls to private routes', async () => {
    await t.call('POST', '/api/v3/monitor/operation/log/page', { token: admin(), body: {} });
    await t.call('GET', '/api/v3/system/user/info', { token: admin() });
    const token = await t.login('admin', TEST_ADMIN_PASSWORD);
    await t.call('POST', '/api/logout', { token });
    await t.call('POST', '/api/v3/system/user/info/update/1', { body: { nickName: 'x' } });
    expect(await newRows()).toEqual([]);
  });

  it('caps params and result at 2,000 characters', async () => {
    const res = await t.call('POST', '/api/v3/system/user/info/update/1', {
      token: admin(),
      body: { nickName: 'n'.repeat(10_000) },
    });
    expect(res.body.code).toBe('A0420');
    const [row] = await newRows();
    expect(row?.params?.length).toBe(2_000);
    expect(row?.params?.endsWith('…')).toBe(true);
  });

  it('never breaks the call when the log cannot be written', async () => {
    await t.database.sql.exec('ALTER TABLE operation_logs RENAME TO operation_logs_away');
    try {
      const res = await t.call('POST', '/api/v3/system/user/info/update/1', {
        token: admin(),
        body: { nickName: 'Administrator' },
      });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe('00000');
      await t.app.auditSettled();
    } finally {
      await t.database.sql.exec('ALTER TABLE operation_logs_away RENAME TO operation_logs');
    }
    const [latest] = await t.database.db.select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1);
    expect(latest?.id ?? 0).toBe(lastId);
  });

  it('records force logout, delete and export of the monitor module with their types', async () => {
    const [row] = await t.database.db
      .select({ id: operationLogs.id })
      .from(operationLogs)
      .where(eq(operationLogs.username, 'admin'))
      .limit(1);
    await newRows();
    await t.call('POST', '/api/v3/monitor/operation/log/delete', { token: admin(), body: { ids: [row?.id] } });
    await t.call('POST', '/api/v3/monitor/log/login/export', { token: admin(), body: {} });
    await t.call('GET', '/api/v3/monitor/online/user/logout/nope', { token: admin() });
    // Entries are written after each answer has gone, so their ids follow the order the writes
    // finished in, not the order of the calls.
    const rows = (await newRows()).sort((a, b) => (a.title ?? '').localeCompare(b.title ?? ''));
    expect(rows.map((r) => [r.title, r.businessType, r.status])).toEqual([
      ['monitor/loginlog', 'export', 'success'],
      ['monitor/online', 'forceLogout', 'failure'],
      ['monitor/operlog', 'delete', 'success'],
    ]);
    expect(rows[0]?.result).toMatch(/^\[file\] attachment/);
  });
});
