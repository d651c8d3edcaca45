import { fieldLabel } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { BRANCH_PASSWORD, type BranchCallers, branchCallers } from '@agent-console/server/test/fixtures/monitor';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, sessions } from '../../../db/schema';

const BASE = '/api/v3/monitor/online/user';
const { t, admin } = useAdminApp();
let callers: BranchCallers;

interface Online {
  key: string;
  username: string;
  customerId: number;
  current: boolean;
}
type Page = { list: Online[]; total: number };

beforeAll(async () => {
  callers = await branchCallers(t, 'Branch B', 'plainuser');
});

const page = (token: string, body: object = {}) => t.call<Page>('POST', `${BASE}/page`, { token, body });

describe('online users', () => {
  it('lists live sessions with user, customer and client, marking the caller’s own', async () => {
    const res = await page(admin(), { pageNum: 1, pageSize: 50 });
    expect(res.body.code).toBe('00000');
    const mine = res.body.data.list.filter((r) => r.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ username: 'admin', customerName: 'Headquarters', loginTime: expect.any(String) });
    expect(res.body.data.list.map((r) => r.username)).toEqual(
      expect.arrayContaining([callers.branch.username, 'plainuser']),
    );
    expect(res.body.data.total).toBeGreaterThanOrEqual(3);
  });

  it('filters by username and sorts by an allowed field only', async () => {
    const res = await page(admin(), {
      username: callers.branch.username.toUpperCase(),
      orderBy: { field: 'ip', direction: 'desc' },
    });
    expect(res.body.data.list.every((r) => r.username === callers.branch.username)).toBe(true);
    const bad = await page(admin(), { orderBy: { field: 'CASE WHEN 1=1 THEN id END', direction: 'asc' } });
    expect(bad.body.code).toBe('A0400');
    expect(bad.body.message).toContain(fieldLabel('orderBy.field', 'en'));
  });

  it('shows a customer-scoped caller only its own customer’s sessions', async () => {
    const res = await page(callers.branchToken, { pageSize: 100 });
    expect(res.body.code).toBe('00000');
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((r) => r.customerId === callers.branch.customerId)).toBe(true);
  });

  it('refuses callers without the permission', async () => {
    expect((await page(callers.plainToken)).body.code).toBe('A0312');
    expect((await t.call('GET', `${BASE}/logout/whatever`, { token: callers.plainToken })).body.code).toBe('A0312');
    expect(
      (await t.call('POST', `${BASE}/logout`, { token: callers.plainToken, body: { keys: ['x'] } })).body.code,
    ).toBe('A0312');
    expect((await t.call('POST', `${BASE}/export`, { token: callers.plainToken, body: {} })).body.code).toBe('A0312');
    expect((await page('')).body.code).toBe('A0301');
  });

  it.each([
    [{ keys: 'abc' }, 'A0400', 'keys'],
    [{}, 'A0410', 'keys'],
    [{ keys: [] }, 'A0420', 'keys'],
    [{ keys: ['k'.repeat(10_000)] }, 'A0420', 'keys.0'],
    [{ keys: [42] }, 'A0400', 'keys.0'],
  ])('rejects logout body %j with %s naming %s', async (body, code, field) => {
    const before = await t.database.db.$count(sessions);
    const res = await t.call('POST', `${BASE}/logout`, { token: admin(), body });
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
    expect(await t.database.db.$count(sessions)).toBe(before);
  });

  it('rejects an over-long filter and an unknown sort direction naming the field', async () => {
    const long = await page(admin(), { username: 'u'.repeat(10_000) });
    expect(long.body.code).toBe('A0420');
    expect(long.body.message).toContain(fieldLabel('username', 'en'));
    const dir = await page(admin(), { orderBy: { field: 'ip', direction: 'sideways' } });
    expect(dir.body.code).toBe('A0400');
    expect(dir.body.message).toContain(fieldLabel('orderBy.direction', 'en'));
  });

  it('does not let a scoped caller force out another customer’s session', async () => {
    const [adminSession] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, 1));
    const res = await t.call('GET', `${BASE}/logout/${adminSession?.id}`, { token: callers.branchToken });
    expect(res.body.code).toBe('A0404');
    expect((await t.call('GET', '/api/v3/system/user/info', { token: admin() })).body.code).toBe('00000');
  });

  it('fails a batch with an unknown key as a whole', async () => {
    const victim = await t.login(callers.branch.username, BRANCH_PASSWORD);
    const key =
      (await page(admin(), { username: callers.branch.username, pageSize: 100 })).body.data.list[0]?.key ?? '';
    const res = await t.call('POST', `${BASE}/logout`, { token: admin(), body: { keys: [key, 'no-such-key'] } });
    expect(res.body.code).toBe('A0404');
    expect((await t.call('GET', '/api/v3/system/user/info', { token: victim })).body.code).toBe('00000');
  });

  it('force logout makes the next request of that session answer A0301 and writes the login log', async () => {
    const victim = await t.login('plainuser', BRANCH_PASSWORD);
    const list = (await page(admin(), { username: 'plainuser', orderBy: { field: 'loginTime', direction: 'desc' } }))
      .body.data.list;
    const key = list[0]?.key ?? '';
    expect((await t.call('GET', '/api/v3/system/user/info', { token: victim })).body.code).toBe('00000');
    const res = await t.call<{ count: number }>('GET', `${BASE}/logout/${key}`, { token: admin() });
    expect(res.body).toMatchObject({ code: '00000', data: { count: 1 } });
    const after = await t.call('GET', '/api/v3/system/user/info', { token: victim });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('A0301');
    const rows = await t.database.db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.username, 'plainuser'), eq(loginLogs.event, 'forceLogout')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'success', message: 'by admin' });
  });

  it('batch logout ends every listed session', async () => {
    const a = await t.login(callers.branch.username, BRANCH_PASSWORD);
    const keys = (await page(admin(), { username: callers.branch.username, pageSize: 100 })).body.data.list.map(
      (r) => r.key,
    );
    const res = await t.call<{ count: number }>('POST', `${BASE}/logout`, { token: admin(), body: { keys } });
    expect(res.body.data.count).toBe(keys.length);
    expect((await t.call('GET', '/api/v3/system/user/info', { token: a })).body.code).toBe('A0301');
    callers.branchToken = await t.login(callers.branch.username, BRANCH_PASSWORD);
  });

  it('exports the filtered list as XLSX with a Chinese file name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/export`,
      headers: { authorization: `Bearer ${admin()}`, 'accept-language': 'zh-chs' },
      payload: { username: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const disposition = String(res.headers['content-disposition']);
    const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(star)).toMatch(/^在线用户_\d{14}\.xlsx$/);
    expect(disposition).toMatch(/filename="[\x20-\x7e]+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '会话编号',
      '用户',
      '昵称',
      '客户',
      'IP 地址',
      '浏览器',
      '操作系统',
      '登录时间',
      '最后访问',
    ]);
    expect(sheet?.rowCount).toBeGreaterThanOrEqual(2);
    for (let i = 2; i <= (sheet?.rowCount ?? 0); i++) expect(sheet?.getRow(i).getCell(2).value).toBe('admin');
  });
});
