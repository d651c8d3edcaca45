import { USER_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

const { t, admin, f } = useAdminApp();

async function exportRows(token: string, body: unknown, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v3/system/user/export',
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    payload: body as object,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, disposition: String(res.headers['content-disposition']) };
}

describe('POST /api/v3/system/user/export', () => {
  it('exports the filtered users with localised headers and neutralised formulas', async () => {
    const cid = await f.customer();
    await f.ok('POST', '/api/v3/system/user/save', {
      customerId: cid,
      username: 'formula',
      nickName: '=HYPERLINK("http://x")',
      password: 'secret-123',
    });
    const { rows, disposition } = await exportRows(admin(), { customerId: cid }, 'zh-CN');
    expect(rows[0]?.slice(0, 3)).toEqual(['编号', '用户名', '昵称']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[2]).toBe('\'=HYPERLINK("http://x")');
    expect(disposition).toContain("filename*=UTF-8''%E7%94%A8%E6%88%B7");
    // Named like every other export: <name>_<yyyyMMddHHmmss>.xlsx.
    expect(disposition).toMatch(/%E7%94%A8%E6%88%B7_\d{14}\.xlsx/);
  });

  it('keeps to the caller’s scope and needs the export permission', async () => {
    const m = await f.member([USER_PERMISSIONS.list, USER_PERMISSIONS.export]);
    const { rows } = await exportRows(m.token, { customerId: await f.rootId() });
    expect(rows.slice(1).map((r) => r[1])).toEqual([m.username]);
    const without = await f.member([USER_PERMISSIONS.list]);
    const res = await t.call('POST', '/api/v3/system/user/export', { token: without.token, body: {} });
    expect(res.body.code).toBe('A0312');
  });

  it('refuses bad filters with A0400', async () => {
    const res = await t.call('POST', '/api/v3/system/user/export', {
      token: admin(),
      body: { orderBy: { field: 'password_hash' } },
    });
    expect(res.body.code).toBe('A0400');
  });
});
