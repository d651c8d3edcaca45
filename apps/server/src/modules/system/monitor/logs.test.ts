import { fieldLabel } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { type BranchCallers, branchCallers, seedOperationRow } from '@agent-console/server/test/fixtures/monitor';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, operationLogs } from '../../../db/schema';
import { COUNT_CAP } from '../../../http/paging';

const OPER = '/api/v3/monitor/operation/log';
const LOGIN = '/api/v3/monitor/log/login';
const { t, admin } = useAdminApp();
let callers: BranchCallers;

interface Row {
  id: number;
  customerId: number | null;
  username: string | null;
  event?: string;
  status: string;
  code?: string;
}
type Page = { list: Row[]; total: number };

beforeAll(async () => {
  callers = await branchCallers(t, 'Branch C', 'nobody');
});

const loginPage = (token: string, body: object = {}) => t.call<Page>('POST', `${LOGIN}/page`, { token, body });
const operPage = (token: string, body: object = {}) => t.call<Page>('POST', `${OPER}/page`, { token, body });

describe('login log', () => {
  it('records a failed sign-in with its reason, a success, and a logout', async () => {
    const failed = await t.call('POST', '/api/login', { body: { username: 'admin', password: 'wrong-one' } });
    expect(failed.body.code).toBe('A0210');
    const ghost = await t.call('POST', '/api/login', { body: { username: 'ghost', password: 'wrong-one' } });
    expect(ghost.body.code).toBe('A0210');
    const token = await t.login('admin', TEST_ADMIN_PASSWORD);
    await t.call('POST', '/api/logout', { token });

    const res = await loginPage(admin(), { username: 'admin', pageSize: 100 });
    const events = res.body.data.list.map((r) => `${r.event}:${r.status}:${r.code}`);
    expect(events).toEqual(
      expect.arrayContaining(['login:failure:A0210', 'login:success:00000', 'logout:success:00000']),
    );
    const ghostRows = await t.database.db.select().from(loginLogs).where(eq(loginLogs.username, 'ghost'));
    expect(ghostRows).toEqual([expect.objectContaining({ status: 'failure', code: 'A0210', userId: null })]);
  });

  it('filters by status and event', async () => {
    const res = await loginPage(admin(), { status: 'failure', event: 'login', pageSize: 100 });
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((r) => r.status === 'failure' && r.event === 'login')).toBe(true);
  });

  it('shows a scoped caller only its own customer’s rows (unknown usernames belong to no one)', async () => {
    const res = await loginPage(callers.branchToken, { pageSize: 500 });
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((r) => r.customerId === callers.branch.customerId)).toBe(true);
  });

  it.each([
    [{ status: 'maybe' }, 'A0400', 'status'],
    [{ event: 'explode' }, 'A0400', 'event'],
    [{ ip: 'x'.repeat(10_000) }, 'A0420', 'ip'],
    [{ beginTime: 'yesterday' }, 'A0400', 'beginTime'],
    [{ pageSize: 'ten' }, 'A0400', 'pageSize'],
  ])('rejects filter %j with %s naming %s', async (body, code, field) => {
    const res = await loginPage(admin(), body);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
  });

  it('delete needs the permission, refuses other customers’ rows, and deletes in scope', async () => {
    const [adminRow] = await t.database.db.select().from(loginLogs).where(eq(loginLogs.username, 'admin')).limit(1);
    const [branchRow] = await t.database.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.customerId, callers.branch.customerId))
      .limit(1);
    const ids = (row: { id: number } | undefined) => ({ ids: [row?.id ?? 0] });
    expect(
      (await t.call('POST', `${LOGIN}/delete`, { token: callers.plainToken, body: ids(branchRow) })).body.code,
    ).toBe('A0312');
    const cross = await t.call('POST', `${LOGIN}/delete`, {
      token: callers.branchToken,
      body: { ids: [branchRow?.id, adminRow?.id] },
    });
    expect(cross.body.code).toBe('A0404');
    expect(await t.database.db.$count(loginLogs, eq(loginLogs.id, branchRow?.id ?? 0))).toBe(1);
    const bad = await t.call('POST', `${LOGIN}/delete`, {
      token: callers.branchToken,
      body: { ids: ['1; drop table x'] },
    });
    expect(bad.body.code).toBe('A0400');
    expect(bad.body.message).toContain(fieldLabel('ids.0', 'en'));
    const okRes = await t.call('POST', `${LOGIN}/delete`, { token: callers.branchToken, body: ids(branchRow) });
    expect(okRes.body).toMatchObject({ code: '00000', data: { count: 1 } });
  });

  it('clean needs the permission and empties only the caller’s scope', async () => {
    expect((await t.call('GET', `${LOGIN}/clean`, { token: callers.plainToken })).body.code).toBe('A0312');
    const before = await t.database.db.$count(loginLogs, eq(loginLogs.username, 'admin'));
    expect(before).toBeGreaterThan(0);
    const res = await t.call('GET', `${LOGIN}/clean`, { token: callers.branchToken });
    expect(res.body.code).toBe('00000');
    expect(await t.database.db.$count(loginLogs, eq(loginLogs.customerId, callers.branch.customerId))).toBe(0);
    expect(await t.database.db.$count(loginLogs, eq(loginLogs.username, 'admin'))).toBe(before);
  });

  it('exports with the right columns in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${LOGIN}/export`,
      headers: { authorization: `Bearer ${admin()}`, 'accept-language': 'en' },
      payload: { username: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''Login%20log_");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'ID',
      'User',
      'Customer',
      'Event',
      'Status',
      'Code',
      'Message',
      'IP',
      'Browser',
      'OS',
      'Time',
    ]);
    expect(sheet?.getRow(2).getCell(2).value).toBe('admin');
  });
});

describe('operation log', () => {
  it('lists, filters by user and type, and is scoped by customer', async () => {
    await seedOperationRow(t, 1, 'admin');
    const branchRowId = await seedOperationRow(t, callers.branch.customerId, callers.branch.username, {
      businessType: 'delete',
    });
    const all = await operPage(admin(), { pageSize: 500 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(2);
    const byUser = await operPage(admin(), { username: callers.branch.username, businessType: 'delete' });
    // The branch user's own delete call earlier was recorded too.
    expect(byUser.body.data.list.map((r) => r.id)).toContain(branchRowId);
    expect(byUser.body.data.list.every((r) => r.username === callers.branch.username)).toBe(true);
    const scoped = await operPage(callers.branchToken, { pageSize: 500 });
    expect(scoped.body.data.list.length).toBeGreaterThan(0);
    expect(scoped.body.data.list.every((r) => r.customerId === callers.branch.customerId)).toBe(true);
    expect((await operPage(callers.plainToken)).body.code).toBe('A0312');
    const bad = await operPage(admin(), { businessType: 'hack' });
    expect(bad.body.code).toBe('A0400');
    expect(bad.body.message).toContain(fieldLabel('businessType', 'en'));
  });

  it('delete and clean need their permission and respect scope', async () => {
    const adminRowId = await seedOperationRow(t, 1, 'admin');
    const branchRowId = await seedOperationRow(t, callers.branch.customerId, callers.branch.username);
    expect(
      (await t.call('POST', `${OPER}/delete`, { token: callers.plainToken, body: { ids: [branchRowId] } })).body.code,
    ).toBe('A0312');
    expect((await t.call('GET', `${OPER}/clean`, { token: callers.plainToken })).body.code).toBe('A0312');
    const cross = await t.call('POST', `${OPER}/delete`, { token: callers.branchToken, body: { ids: [adminRowId] } });
    expect(cross.body.code).toBe('A0404');
    expect((await t.call('POST', `${OPER}/delete`, { token: admin(), body: { ids: [] } })).body.code).toBe('A0420');
    const del = await t.call('POST', `${OPER}/delete`, { token: admin(), body: { ids: [adminRowId, adminRowId] } });
    expect(del.body).toMatchObject({ code: '00000', data: { count: 1 } });
    await t.app.auditSettled();
    const clean = await t.call<{ count: number }>('GET', `${OPER}/clean`, { token: callers.branchToken });
    expect(clean.body.data.count).toBeGreaterThan(0);
    await t.app.auditSettled();
    const left = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.customerId, callers.branch.customerId));
    // Only the row recording the clean itself remains.
    expect(left.map((r) => r.businessType)).toEqual(['clean']);
  });

  it('exports with the right columns and neutralised formula cells', async () => {
    await seedOperationRow(t, 1, 'admin', {
      title: '=HYPERLINK("http://evil","x")',
      params: '+1+2',
      result: '@SUM(A1)',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${OPER}/export`,
      headers: { authorization: `Bearer ${admin()}`, 'accept-language': 'zh-chs' },
      payload: { pageNum: 1, pageSize: 20, title: 'HYPERLINK' },
    });
    expect(res.statusCode).toBe(200);
    const star = /filename\*=UTF-8''([^;]+)/.exec(String(res.headers['content-disposition']))?.[1] ?? '';
    expect(decodeURIComponent(star)).toMatch(/^操作日志_\d{14}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('模块');
    expect(sheet?.getRow(1).cellCount).toBe(15);
    expect(sheet?.rowCount).toBe(2);
    const row = sheet?.getRow(2);
    expect(row?.getCell(2).value).toBe('\'=HYPERLINK("http://evil","x")');
    expect(row?.getCell(2).formula).toBeUndefined();
    expect(row?.getCell(9).value).toBe("'+1+2");
    expect(row?.getCell(10).value).toBe("'@SUM(A1)");
  });
});

describe('large logs', () => {
  // Past COUNT_CAP matching rows the total becomes a lower bound, flagged so the screen says so.
  const title = 'bulk/capped';
  type CappedPage = Page & { totalExact?: boolean; nextCursor: string | null };
  const page = (body: object) =>
    t.call<CappedPage>('POST', `${OPER}/page`, { token: admin(), body: { title, ...body } });

  beforeAll(async () => {
    await t.database.sql.exec(`
      INSERT INTO operation_logs (title, business_type, method, path, username, customer_id, status, http_status, cost_ms)
      SELECT '${title}', 'other', 'POST', '/bulk', 'admin', 1, 'success', 200, 1
      FROM generate_series(1, ${COUNT_CAP + 50})`);
  });

  it('counts exactly below the cap and says nothing', async () => {
    const res = await page({ pageNum: 1, pageSize: 20, title: 'system/post' });
    expect(res.body.code).toBe('00000');
    expect(res.body.data.totalExact).toBeUndefined();
  });

  it('stops counting at the cap and flags the total as a lower bound', async () => {
    const first = await page({ pageNum: 1, pageSize: 20 });
    expect(first.body.data.list).toHaveLength(20);
    expect(first.body.data.total).toBe(COUNT_CAP + 1);
    expect(first.body.data.totalExact).toBe(false);
  });

  it('raises the bound to what a deep page proves exists, one more when the page is full', async () => {
    // 10,050 rows: page 502 (rows 10,021-10,040) is full, page 503 holds the last 10.
    const full = await page({ pageNum: 502, pageSize: 20 });
    expect(full.body.data.list).toHaveLength(20);
    expect(full.body.data.total).toBe(502 * 20 + 1);
    expect(full.body.data.totalExact).toBe(false);
    const last = await page({ pageNum: 503, pageSize: 20 });
    expect(last.body.data.list).toHaveLength(10);
    expect(last.body.data.total).toBe(COUNT_CAP + 50);
  });

  it('keeps the bound on a page reached by cursor, and counts nothing when the client knows', async () => {
    const full = await page({ pageNum: 502, pageSize: 20 });
    const cursor = full.body.data.nextCursor;
    const last = await page({ pageNum: 503, pageSize: 20, cursor });
    expect(last.body.data.list).toHaveLength(10);
    expect([last.body.data.total, last.body.data.totalExact]).toEqual([COUNT_CAP + 50, false]);
    const quiet = await page({ pageNum: 503, pageSize: 20, cursor, withTotal: false });
    expect([quiet.body.data.total, quiet.body.data.totalExact]).toEqual([null, undefined]);
  });
});
