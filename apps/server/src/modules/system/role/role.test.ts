import { DEPT_PERMISSIONS, ROLE_PERMISSIONS, USER_PERMISSIONS } from '@agent-console/contracts';
import { POST_PERMISSIONS } from '@agent-console/contracts/system-post';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { expectRefusedSave } from '@agent-console/server/test/fixtures/refused-save';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roleCustomers, roles } from '../../../db/schema';

const { t, admin, f } = useAdminApp();

const R = '/api/v3/system/role';
const roleRow = async (id: number) => (await t.database.db.select().from(roles).where(eq(roles.id, id)))[0];
type Detail = { id: number; menuIds: number[]; customerIds: number[]; dataScope: number };

describe('roles', () => {
  it('creates, lists, reads, changes and deletes a role', async () => {
    const created = await f.ok<Detail>('POST', `${R}/save`, {
      name: 'Auditors',
      key: 'auditor',
      dataScope: 4,
      remark: 'read only',
    });
    const page = await f.ok<{ list: { key: string }[] }>('POST', `${R}/page`, {
      key: 'audit',
      orderBy: { field: 'key', direction: 'desc' },
    });
    expect(page.list.map((r) => r.key)).toEqual(['auditor']);
    const options = await f.ok<{ key: string }[]>('POST', `${R}/list`, {});
    expect(options.map((r) => r.key)).toEqual(expect.arrayContaining(['auditor', 'staff', 'super_admin']));
    await f.ok('POST', `${R}/update/${created.id}`, { name: 'Auditors 2', key: 'auditor', dataScope: 3 });
    expect(await roleRow(created.id)).toMatchObject({ name: 'Auditors 2', dataScope: 3 });
    expect((await f.ok<Detail>('GET', `${R}/info/${created.id}`)).dataScope).toBe(3);
    await f.ok('POST', `${R}/delete`, { ids: [created.id] });
    expect(await roleRow(created.id)).toBeUndefined();
  });

  it('keeps name and key unique', async () => {
    await f.ok('POST', `${R}/save`, { name: 'Sales', key: 'sales', dataScope: 3 });
    const byKey = await t.call('POST', `${R}/save`, {
      token: admin(),
      body: { name: 'Other', key: 'SALES', dataScope: 3 },
    });
    expect(byKey.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'key' }] } });
    const byName = await t.call('POST', `${R}/save`, {
      token: admin(),
      body: { name: 'sales', key: 'other', dataScope: 3 },
    });
    expect(byName.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'name' }] } });
  });

  it('keeps names and keys unique within a customer and the shared roles, not across customers', async () => {
    const save = (token: string, body: Record<string, unknown>) => t.call('POST', `${R}/save`, { token, body });
    const a = await f.member(Object.values(ROLE_PERMISSIONS));
    const b = await f.member(Object.values(ROLE_PERMISSIONS));
    const operator = { name: 'Operator', key: 'operator', dataScope: 3 };
    const inA = await f.ok<{ id: number; customerId: number }>('POST', `${R}/save`, operator, a.token);
    const inB = await f.ok<{ id: number; customerId: number }>('POST', `${R}/save`, operator, b.token);
    expect([inA.customerId, inB.customerId]).toEqual([a.customerId, b.customerId]);
    // Within one customer, as before; the answer says nothing about other customers' roles.
    expect((await save(a.token, { ...operator, key: 'op2' })).body).toMatchObject({
      code: 'A0111',
      data: { fields: [{ field: 'name' }] },
    });
    expect((await save(a.token, { ...operator, name: 'Op 2', key: 'OPERATOR' })).body).toMatchObject({
      code: 'A0111',
      data: { fields: [{ field: 'key' }] },
    });
    // Moving a role into a customer that has one of the same name is the same clash.
    const moved = await f.ok<{ id: number }>('POST', `${R}/save`, { name: 'Mover', key: 'mover', dataScope: 3 });
    const move = await t.call('POST', `${R}/update/${moved.id}`, {
      token: admin(),
      body: { name: 'Operator', key: 'mover', dataScope: 3, customerId: a.customerId },
    });
    expect(move.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'name' }] } });
    // Every customer sees the shared roles: no customer role takes their names or keys
    // (the super-admin key least of all), and no shared role takes a customer's.
    for (const clash of [
      { name: 'Staff', key: 'staff2', field: 'name' },
      { name: '员工', key: 'staff3', field: 'name' },
      { name: 'Boss', key: 'super_admin', field: 'key' },
      { name: 'Boss', key: 'Staff', field: 'key' },
    ]) {
      const refused = await save(a.token, { name: clash.name, key: clash.key, dataScope: 3 });
      expect(refused.body, clash.key).toMatchObject({ code: 'A0111', data: { fields: [{ field: clash.field }] } });
    }
    const shared = await save(admin(), { ...operator, customerId: null });
    expect(shared.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'key' }] } });
    // The database keeps the super-admin key to the shared role, whatever a service forgets.
    await expect(
      t.database.db.insert(roles).values({ name: 'Sneaky', key: 'super_admin', customerId: a.customerId }),
    ).rejects.toThrow();
    await expect(
      t.database.db.insert(roles).values({ name: 'Operator', key: 'other-op', customerId: b.customerId }),
    ).rejects.toThrow();
  });

  it('stores custom customers for data scope 2 and drops them for other scopes', async () => {
    const a = await f.customer();
    const b = await f.customer();
    const role = await f.ok<Detail>('POST', `${R}/save`, {
      name: f.unique('C'),
      key: f.unique('c'),
      dataScope: 2,
      customerIds: [a, b],
    });
    expect(role.customerIds.sort()).toEqual([a, b].sort());
    const u = await f.user({ customerId: a, roleIds: [role.id] });
    await f.ok('POST', `${R}/permission/update/${role.id}`, { menuIds: await f.menuIds([USER_PERMISSIONS.list]) });
    const seen = await f.ok<{ list: { customerId: number }[] }>(
      'POST',
      '/api/v3/system/user/page',
      {},
      await u.token(),
    );
    expect(new Set(seen.list.map((x) => x.customerId))).toEqual(new Set([a]));
    await f.ok('POST', `${R}/update/${role.id}`, {
      name: f.unique('C'),
      key: f.unique('c'),
      dataScope: 3,
      customerIds: [a],
    });
    expect(await t.database.db.select().from(roleCustomers).where(eq(roleCustomers.roleId, role.id))).toHaveLength(0);
  });

  it('updates permissions: the role’s users get exactly those menus on their next request', async () => {
    const cid = await f.customer();
    const roleId = await f.role({ codes: [POST_PERMISSIONS.list], customerId: cid });
    const u = await f.user({ customerId: cid, roleIds: [roleId] });
    const token = await u.token();
    expect((await t.call('POST', '/api/v3/system/dept/customer/list/page', { token, body: {} })).body.code).toBe(
      'A0312',
    );
    await f.ok('POST', `${R}/permission/update/${roleId}`, { menuIds: await f.menuIds([DEPT_PERMISSIONS.list]) });
    expect((await t.call('POST', '/api/v3/system/dept/customer/list/page', { token, body: {} })).body.code).toBe(
      '00000',
    );
    expect((await t.call('POST', '/api/v3/system/post/page', { token, body: {} })).body.code).toBe('A0312');
  });

  it('refuses to delete built-in roles and roles still held', async () => {
    const [staff] = await t.database.db.select().from(roles).where(eq(roles.key, 'staff'));
    const builtin = await t.call('POST', `${R}/delete`, { token: admin(), body: { ids: [staff?.id] } });
    expect(builtin.body).toMatchObject({ code: 'A0440', data: { fields: [{ reason: 'builtin' }] } });
    const cid = await f.customer();
    const roleId = await f.role({ codes: [], customerId: cid });
    await f.user({ customerId: cid, roleIds: [roleId] });
    const held = await t.call('POST', `${R}/delete`, { token: admin(), body: { ids: [roleId] } });
    expect(held.body).toMatchObject({ code: 'A0440', data: { fields: [{ reason: 'inUse' }] } });
  });

  it('protects the super-admin role’s key, scope and permissions', async () => {
    const [sa] = await t.database.db.select().from(roles).where(eq(roles.key, 'super_admin'));
    const rescope = await t.call('POST', `${R}/update/${sa?.id}`, {
      token: admin(),
      body: { name: 'SA', key: 'super_admin', dataScope: 3 },
    });
    expect(rescope.body.code).toBe('A0440');
    const perms = await t.call('POST', `${R}/permission/update/${sa?.id}`, { token: admin(), body: { menuIds: [] } });
    expect(perms.body.code).toBe('A0440');
  });
});

describe('role scope and privilege', () => {
  it('a customer administrator sees shared roles and their own, not other customers’, and cannot touch them', async () => {
    const otherRole = await f.role({ codes: [], customerId: await f.customer() });
    const m = await f.member(Object.values(ROLE_PERMISSIONS));
    const page = await f.ok<{ list: { id: number; customerId: number | null }[] }>(
      'POST',
      `${R}/page`,
      { pageSize: 500 },
      m.token,
    );
    expect(page.list.some((r) => r.id === otherRole)).toBe(false);
    expect(page.list.every((r) => r.customerId === null || r.customerId === m.customerId)).toBe(true);
    const body = { name: 'x', key: 'x', dataScope: 3 };
    for (const [method, url, b] of [
      ['GET', `${R}/info/${otherRole}`, undefined],
      ['POST', `${R}/update/${otherRole}`, body],
      ['POST', `${R}/permission/update/${otherRole}`, { menuIds: [] }],
      ['POST', `${R}/delete`, { ids: [otherRole] }],
    ] as const) {
      expect((await t.call(method, url, { token: m.token, ...(b ? { body: b } : {}) })).body.code, url).toBe('A0404');
    }
    // Shared (built-in) roles are read-only for them.
    const [staff] = await t.database.db.select().from(roles).where(eq(roles.key, 'staff'));
    const shared = await t.call('POST', `${R}/update/${staff?.id}`, {
      token: m.token,
      body: { name: 'Staff', key: 'staff', dataScope: 1 },
    });
    expect(shared.body.code).toBe('A0404');
  });

  it('a customer administrator counts only their own users on shared roles and never sees the super-admin role', async () => {
    const [staff] = await t.database.db.select().from(roles).where(eq(roles.key, 'staff'));
    const [superAdmin] = await t.database.db.select().from(roles).where(eq(roles.key, 'super_admin'));
    const m = await f.member(Object.values(ROLE_PERMISSIONS));
    // Staff holders elsewhere: another customer's, and the administrator's own customer's.
    await f.user({ customerId: await f.customer(), roleIds: [staff?.id ?? 0] });
    await f.user({ customerId: m.customerId, roleIds: [staff?.id ?? 0] });
    type Listed = { id: number; key: string; userCount: number };
    const page = await f.ok<{ list: Listed[] }>('POST', `${R}/page`, { pageSize: 500 }, m.token);
    expect(page.list.find((r) => r.key === 'staff')?.userCount).toBe(1);
    expect(page.list.some((r) => r.key === 'super_admin')).toBe(false);
    expect((await f.ok<Listed>('GET', `${R}/info/${staff?.id}`, undefined, m.token)).userCount).toBe(1);
    expect((await t.call('GET', `${R}/info/${superAdmin?.id}`, { token: m.token })).body.code).toBe('A0404');
    // The super admin counts everyone.
    const all = await f.ok<Listed>('GET', `${R}/info/${staff?.id}`);
    expect(all.userCount).toBeGreaterThan(1);
  });

  it('a customer administrator cannot create scope "all", reach other customers, or grant menus they lack', async () => {
    const m = await f.member(Object.values(ROLE_PERMISSIONS));
    const all = await t.call('POST', `${R}/save`, {
      token: m.token,
      body: { name: f.unique('r'), key: f.unique('r'), dataScope: 1 },
    });
    expect(all.body).toMatchObject({ code: 'A0312', data: { fields: [{ field: 'dataScope' }] } });
    const custom = await t.call('POST', `${R}/save`, {
      token: m.token,
      body: { name: f.unique('r'), key: f.unique('r'), dataScope: 2, customerIds: [await f.rootId()] },
    });
    expect(custom.body).toMatchObject({ code: 'A0312', data: { fields: [{ field: 'customerIds' }] } });
    const own = await f.ok<{ id: number; customerId: number }>(
      'POST',
      `${R}/save`,
      { name: f.unique('r'), key: f.unique('r'), dataScope: 3 },
      m.token,
    );
    expect(own.customerId).toBe(m.customerId);
    const grant = await t.call('POST', `${R}/permission/update/${own.id}`, {
      token: m.token,
      body: { menuIds: await f.menuIds([USER_PERMISSIONS.remove]) },
    });
    expect(grant.body).toMatchObject({ code: 'A0312', data: { fields: [{ field: 'menuIds' }] } });
    await f.ok(
      'POST',
      `${R}/permission/update/${own.id}`,
      { menuIds: await f.menuIds([ROLE_PERMISSIONS.list]) },
      m.token,
    );
  });

  it('answers A0312 without the permission', async () => {
    const m = await f.member([]);
    for (const [method, url, body] of [
      ['POST', `${R}/page`, {}],
      ['POST', `${R}/list`, {}],
      ['GET', `${R}/info/1`, undefined],
      ['POST', `${R}/save`, {}],
      ['POST', `${R}/update/1`, {}],
      ['POST', `${R}/permission/update/1`, { menuIds: [] }],
      ['POST', `${R}/delete`, { ids: [1] }],
    ] as const) {
      expect((await t.call(method, url, { token: m.token, ...(body ? { body } : {}) })).body.code, url).toBe('A0312');
    }
  });
});

describe('role input', () => {
  it.each([
    [{ key: 'k', dataScope: 3 }, 'A0410', 'name'],
    [{ name: 'n', key: 'k', dataScope: 9 }, 'A0400', 'dataScope'],
    [{ name: 'n', key: 'k', dataScope: '1 OR 1=1' }, 'A0400', 'dataScope'],
    [{ name: 'n', key: 'k'.repeat(10_000), dataScope: 3 }, 'A0420', 'key'],
    [{ name: 'n', key: 'has space', dataScope: 3 }, 'A0400', 'key'],
    [{ name: 'n', key: 'k', dataScope: 2, customerIds: ['a'] }, 'A0400', 'customerIds.0'],
  ])('rejects %j with %s naming %s', async (body, code, field) => {
    await expectRefusedSave(t, { url: `${R}/save`, token: admin(), body, table: roles }, code, field);
  });

  it('refuses unknown menus and sort injection', async () => {
    const roleId = await f.role({ codes: [], customerId: await f.customer() });
    const bad = await t.call('POST', `${R}/permission/update/${roleId}`, {
      token: admin(),
      body: { menuIds: [999_999] },
    });
    expect(bad.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'menuIds' }] } });
    const sort = await t.call('POST', `${R}/page`, {
      token: admin(),
      body: { orderBy: { field: 'key desc, (select pg_sleep(1))' } },
    });
    expect(sort.body.code).toBe('A0400');
  });
});
