import { DEPT_PERMISSIONS, fieldLabel, USER_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { expectRefusedSave } from '@agent-console/server/test/fixtures/refused-save';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, roles, sessions } from '../../../db/schema';

const { t, admin, f } = useAdminApp();

const row = async (id: number) => (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0];

describe('customer tree', () => {
  it('creates a child with ancestors, lists it in the tree, the page list and the flat list', async () => {
    const root = await f.rootId();
    const a = await f.customer('Acme');
    const b = await f.customer('Acme East', a);
    expect((await row(b))?.ancestors).toEqual([root, a]);
    const tree = await f.ok<{ id: number; children: { id: number; children: { id: number }[] }[] }[]>(
      'GET',
      '/api/v3/system/dept/tree/all',
    );
    const acme = tree[0]?.children.find((c) => c.id === a);
    expect(acme?.children.map((c) => c.id)).toEqual([b]);
    const page = await f.ok<{ list: { id: number; name: string }[]; total: number }>(
      'POST',
      '/api/v3/system/dept/customer/list/page',
      { pageNum: 1, pageSize: 10, name: 'acme', orderBy: { field: 'name', direction: 'desc' } },
    );
    expect(page.list.map((c) => c.name)).toEqual(['Acme East', 'Acme']);
    expect(page.total).toBe(2);
    const all = await f.ok<{ id: number }[]>('GET', '/api/v3/system/dept/allList');
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining([root, a, b]));
  });

  it('counts each customer’s own users in every list', async () => {
    const none = await f.customer();
    const one = await f.customer();
    const two = await f.customer(undefined, one);
    await f.user({ customerId: one });
    await f.user({ customerId: two });
    await f.user({ customerId: two });
    const counts = (rows: { id: number; userCount: number }[]) =>
      [none, one, two].map((id) => rows.find((r) => r.id === id)?.userCount);
    const all = await f.ok<{ id: number; userCount: number }[]>('GET', '/api/v3/system/dept/allList');
    expect(counts(all)).toEqual([0, 1, 2]);
    const page = await f.ok<{ list: { id: number; userCount: number }[] }>(
      'POST',
      '/api/v3/system/dept/customer/list/page',
      { pageNum: 1, pageSize: 100 },
    );
    expect(counts(page.list)).toEqual([0, 1, 2]);
  });

  it('moves a subtree and rewrites every descendant’s ancestors', async () => {
    const root = await f.rootId();
    const a = await f.customer();
    const b = await f.customer(undefined, a);
    const c = await f.customer(undefined, b);
    const target = await f.customer();
    await f.ok('POST', `/api/v3/system/dept/update/${b}`, { parentId: target, name: 'Moved' });
    expect((await row(b))?.ancestors).toEqual([root, target]);
    expect((await row(c))?.ancestors).toEqual([root, target, b]);
  });

  it('refuses a cycle, a disabled parent, disabling with enabled children, and duplicate sibling names', async () => {
    const a = await f.customer();
    const b = await f.customer(undefined, a);
    const cycle = await t.call('POST', `/api/v3/system/dept/update/${a}`, {
      token: admin(),
      body: { parentId: b, name: 'x' },
    });
    expect(cycle.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'parentId', reason: 'cycle' }] } });
    const self = await t.call('POST', `/api/v3/system/dept/update/${a}`, {
      token: admin(),
      body: { parentId: a, name: 'x' },
    });
    expect(self.body.code).toBe('A0440');
    const disable = await t.call('POST', `/api/v3/system/dept/update/${a}`, {
      token: admin(),
      body: { parentId: await f.rootId(), name: 'A', enabled: false },
    });
    expect(disable.body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ field: 'enabled', reason: 'childrenEnabled' }] },
    });
    const off = await f.customer();
    await f.ok('POST', `/api/v3/system/dept/update/${off}`, {
      parentId: await f.rootId(),
      name: 'Off',
      enabled: false,
    });
    const under = await t.call('POST', '/api/v3/system/dept/save', {
      token: admin(),
      body: { parentId: off, name: 'Child' },
    });
    expect(under.body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ field: 'parentId', reason: 'parentDisabled' }] },
    });
    await f.customer('Twin', a);
    const twin = await t.call('POST', '/api/v3/system/dept/save', {
      token: admin(),
      body: { parentId: a, name: 'twin' },
    });
    expect(twin.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'name' }] } });
  });

  it('refuses to delete a customer with children or users, and the root; deletes an empty one', async () => {
    const a = await f.customer();
    const b = await f.customer(undefined, a);
    expect((await t.call('GET', `/api/v3/system/dept/delete/${a}`, { token: admin() })).body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ reason: 'hasChildren' }] },
    });
    await f.user({ customerId: b });
    expect((await t.call('GET', `/api/v3/system/dept/delete/${b}`, { token: admin() })).body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ reason: 'hasUsers' }] },
    });
    expect((await t.call('GET', `/api/v3/system/dept/delete/${await f.rootId()}`, { token: admin() })).body.code).toBe(
      'A0440',
    );
    const empty = await f.customer();
    await f.ok('GET', `/api/v3/system/dept/delete/${empty}`);
    expect(await row(empty)).toBeUndefined();
  });

  it('shows and rotates the invitation code; the old code no longer registers', async () => {
    const a = await f.customer();
    const first = await f.ok<{ code: string }>('GET', `/api/v3/system/dept/invitation/${a}`);
    const rotated = await f.ok<{ code: string }>('POST', `/api/v3/system/dept/invitation/rotate/${a}`, {});
    expect(rotated.code).not.toBe(first.code);
    const register = (code: string) =>
      t.call('POST', '/api/register', {
        body: {
          username: f.unique('reg'),
          password: 'secret-123',
          confirmPassword: 'secret-123',
          invitationCode: code,
          agreement: true,
        },
      });
    expect((await register(first.code)).body.code).toBe('A0130');
    expect((await register(rotated.code)).body.code).toBe('00000');
    // The code lets anyone register into the customer: its answers are never cached.
    for (const [method, url] of [
      ['GET', `/api/v3/system/dept/invitation/${a}`],
      ['POST', `/api/v3/system/dept/invitation/rotate/${a}`],
    ] as const) {
      const res = await t.call(method, url, { token: admin(), ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps a default role per customer and refuses one the customer cannot hold', async () => {
    const other = await f.customer();
    const foreignRole = await f.role({ codes: [], customerId: other });
    const a = await f.customer();
    const bad = await t.call('POST', `/api/v3/system/dept/update/${a}`, {
      token: admin(),
      body: { parentId: await f.rootId(), name: 'Has default', defaultRoleId: foreignRole },
    });
    expect(bad.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'defaultRoleId' }] } });
    const own = await f.role({ codes: [], customerId: a });
    await f.ok('POST', `/api/v3/system/dept/update/${a}`, {
      parentId: await f.rootId(),
      name: 'Has default',
      defaultRoleId: own,
    });
    expect((await row(a))?.defaultRoleId).toBe(own);
  });
});

describe('default role is a grant', () => {
  it('a customer editor cannot make a stronger role their customer’s default, so registering cannot escalate', async () => {
    const m = await f.member([DEPT_PERMISSIONS.list, DEPT_PERMISSIONS.edit]);
    const strong = await f.role({
      codes: [USER_PERMISSIONS.list, USER_PERMISSIONS.add, USER_PERMISSIONS.edit, DEPT_PERMISSIONS.remove],
      customerId: m.customerId,
    });
    const [superAdmin] = await t.database.db.select().from(roles).where(eq(roles.key, 'super_admin'));
    const root = await f.rootId();
    const body = (defaultRoleId: number | undefined) => ({ parentId: root, name: 'Mine', defaultRoleId });
    for (const roleId of [strong, superAdmin?.id]) {
      const res = await t.call('POST', `/api/v3/system/dept/update/${m.customerId}`, {
        token: m.token,
        body: body(roleId),
      });
      expect(res.body, String(roleId)).toMatchObject({
        code: 'A0312',
        data: { fields: [{ field: 'defaultRoleId', reason: 'notGrantable' }] },
      });
    }
    expect((await row(m.customerId))?.defaultRoleId).not.toBe(strong);
    // A role within the editor's own permissions is fine.
    const weak = await f.role({ codes: [DEPT_PERMISSIONS.list], customerId: m.customerId });
    await f.ok('POST', `/api/v3/system/dept/update/${m.customerId}`, body(weak), m.token);
    expect((await row(m.customerId))?.defaultRoleId).toBe(weak);
    // Registering with the customer's code therefore never yields the stronger role.
    const code = await f.ok<{ code: string }>(
      'GET',
      `/api/v3/system/dept/invitation/${m.customerId}`,
      undefined,
      m.token,
    );
    const username = f.unique('joiner');
    const reg = await t.call('POST', '/api/register', {
      body: {
        username,
        password: 'secret-123',
        confirmPassword: 'secret-123',
        invitationCode: code.code,
        agreement: true,
      },
    });
    expect(reg.body.code).toBe('00000');
    const joined = await t.login(username, 'secret-123');
    const me = await t.call<{ permissions: string[] }>('GET', '/api/v3/system/user/info', { token: joined });
    expect(me.body.data.permissions).not.toContain(USER_PERMISSIONS.add);
    // Keeping a default chosen by someone who may grant it is no grant.
    await f.ok('POST', `/api/v3/system/dept/update/${m.customerId}`, body(strong));
    await f.ok('POST', `/api/v3/system/dept/update/${m.customerId}`, { ...body(strong), name: 'Renamed' }, m.token);
    expect((await row(m.customerId))?.defaultRoleId).toBe(strong);
  });

  it('the invitation code is read or renewed only by someone who may grant the default role it hands out', async () => {
    const m = await f.member([DEPT_PERMISSIONS.list, DEPT_PERMISSIONS.edit], 4);
    const strong = await f.role({ codes: [USER_PERMISSIONS.add], customerId: null });
    // An administrator above made the stronger role this customer's default.
    await f.ok('POST', `/api/v3/system/dept/update/${m.customerId}`, {
      parentId: (await row(m.customerId))?.parentId,
      name: (await row(m.customerId))?.name,
      enabled: true,
      defaultRoleId: strong,
    });
    for (const [method, url] of [
      ['GET', `/api/v3/system/dept/invitation/${m.customerId}`],
      ['POST', `/api/v3/system/dept/invitation/rotate/${m.customerId}`],
    ] as const) {
      const res = await t.call(method, url, { token: m.token, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.body, url).toMatchObject({
        code: 'A0312',
        data: { fields: [{ field: 'defaultRoleId', reason: 'notGrantable' }] },
      });
    }
    // Whoever may grant it still reads the code.
    expect((await f.ok<{ code: string }>('GET', `/api/v3/system/dept/invitation/${m.customerId}`)).code).toMatch(
      /^[A-Z0-9]+$/,
    );
  });

  it('a new customer takes a default role only if the caller may grant it', async () => {
    const m = await f.member([DEPT_PERMISSIONS.list, DEPT_PERMISSIONS.add], 4);
    const strong = await f.role({ codes: [USER_PERMISSIONS.add], customerId: null });
    const res = await t.call('POST', '/api/v3/system/dept/save', {
      token: m.token,
      body: { parentId: m.customerId, name: 'Child', defaultRoleId: strong },
    });
    expect(res.body).toMatchObject({ code: 'A0312', data: { fields: [{ field: 'defaultRoleId' }] } });
  });

  it('a customer is added below one only by whoever will reach it: scope "own customer and below"', async () => {
    const own = await f.member([DEPT_PERMISSIONS.list, DEPT_PERMISSIONS.add], 3);
    const before = await t.database.db.$count(customers, eq(customers.parentId, own.customerId));
    const refused = await t.call('POST', '/api/v3/system/dept/save', {
      token: own.token,
      body: { parentId: own.customerId, name: 'Out of sight' },
    });
    expect(refused.body).toMatchObject({
      code: 'A0312',
      data: { fields: [{ field: 'parentId', reason: 'childOutOfReach' }] },
    });
    expect(refused.body.message).toContain(fieldLabel('parentId', 'en'));
    expect(await t.database.db.$count(customers, eq(customers.parentId, own.customerId))).toBe(before);
    const below = await f.member([DEPT_PERMISSIONS.list, DEPT_PERMISSIONS.add], 4);
    const made = await f.ok<{ id: number }>(
      'POST',
      '/api/v3/system/dept/save',
      { parentId: below.customerId, name: 'In sight' },
      below.token,
    );
    const seen = await f.ok<{ id: number }[]>('GET', '/api/v3/system/dept/allList', undefined, below.token);
    expect(seen.map((c) => c.id)).toContain(made.id);
  });
});

describe('disabling a customer', () => {
  it('ends its users’ sessions at once and refuses their sign-in with A0202 until enabled again', async () => {
    const c = await f.customer();
    const u = await f.user({ customerId: c });
    const token = await u.token();
    await f.ok('POST', `/api/v3/system/dept/update/${c}`, {
      parentId: await f.rootId(),
      name: 'Paused',
      enabled: false,
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect((await t.call('GET', '/api/v3/system/user/info', { token })).body.code).toBe('A0301');
    const refused = await t.call('POST', '/api/login', { body: { username: u.username, password: u.password } });
    expect(refused.body.code).toBe('A0202');
    await f.ok('POST', `/api/v3/system/dept/update/${c}`, {
      parentId: await f.rootId(),
      name: 'Paused',
      enabled: true,
    });
    expect(await u.token()).toBeTruthy();
  });

  it('refuses sign-in to the users of a customer under a disabled one', async () => {
    const parent = await f.customer();
    const child = await f.customer(undefined, parent);
    const u = await f.user({ customerId: child });
    // The API refuses to disable a parent with enabled children; a row changed behind its back
    // must still keep the users below out.
    await t.database.db.update(customers).set({ enabled: false }).where(eq(customers.id, parent));
    const refused = await t.call('POST', '/api/login', { body: { username: u.username, password: u.password } });
    expect(refused.body.code).toBe('A0202');
    await t.database.db.update(customers).set({ enabled: true }).where(eq(customers.id, parent));
  });
});

describe('customer permissions and scope', () => {
  it('answers A0312 without the permission', async () => {
    const m = await f.member([]);
    for (const [method, url, body] of [
      ['POST', '/api/v3/system/dept/customer/list/page', {}],
      ['POST', '/api/v3/system/dept/save', { parentId: 1, name: 'x' }],
      ['POST', `/api/v3/system/dept/update/${m.customerId}`, { parentId: 1, name: 'x' }],
      ['GET', `/api/v3/system/dept/delete/${m.customerId}`, undefined],
      ['GET', `/api/v3/system/dept/invitation/${m.customerId}`, undefined],
    ] as const) {
      const res = await t.call(method, url, { token: m.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0312');
    }
  });

  it('keeps a customer’s staff to their own customer: lists, tree, and every id-based call', async () => {
    const other = await f.customer('Other Co');
    const m = await f.member([
      DEPT_PERMISSIONS.list,
      DEPT_PERMISSIONS.add,
      DEPT_PERMISSIONS.edit,
      DEPT_PERMISSIONS.remove,
    ]);
    const page = await f.ok<{ list: { id: number }[] }>('POST', '/api/v3/system/dept/customer/list/page', {}, m.token);
    expect(page.list.map((c) => c.id)).toEqual([m.customerId]);
    const tree = await f.ok<{ id: number }[]>('GET', '/api/v3/system/dept/tree/all', undefined, m.token);
    expect(tree.map((c) => c.id)).toEqual([m.customerId]);
    for (const [method, url, body] of [
      ['POST', `/api/v3/system/dept/update/${other}`, { parentId: 1, name: 'Hijacked' }],
      ['GET', `/api/v3/system/dept/delete/${other}`, undefined],
      ['GET', `/api/v3/system/dept/invitation/${other}`, undefined],
      ['POST', `/api/v3/system/dept/invitation/rotate/${other}`, {}],
    ] as const) {
      const res = await t.call(method, url, { token: m.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0404');
    }
    const under = await t.call('POST', '/api/v3/system/dept/save', {
      token: m.token,
      body: { parentId: other, name: 'Sneaky' },
    });
    expect(under.body.code).toBe('A0312');
    expect((await row(other))?.name).toBe('Other Co');
  });

  it('ignores client-sent scope parameters', async () => {
    const m = await f.member([DEPT_PERMISSIONS.list]);
    const res = await t.call('POST', '/api/v3/system/dept/customer/list/page', {
      token: m.token,
      body: { pageNum: 1, pageSize: 10, dataScope: 1, params: { dataScope: 'OR 1=1' } },
    });
    // Unknown keys are dropped by the schema; the scope stays the caller's own.
    expect(res.body.code).toBe('00000');
    expect((res.body.data as { list: { id: number }[] }).list.map((c) => c.id)).toEqual([m.customerId]);
  });
});

describe('customer input', () => {
  it.each([
    [{ name: 'x' }, 'A0410', 'parentId'],
    [{ parentId: 1 }, 'A0410', 'name'],
    [{ parentId: 'one', name: 'x' }, 'A0400', 'parentId'],
    [{ parentId: 1, name: 'x'.repeat(10_000) }, 'A0420', 'name'],
    [{ parentId: 1, name: 'x', email: 'not-an-email' }, 'A0400', 'email'],
    [{ parentId: 1, name: 'x', enabled: 'yes' }, 'A0400', 'enabled'],
  ])('rejects %j with %s naming %s and creates nothing', async (body, code, field) => {
    await expectRefusedSave(
      t,
      { url: '/api/v3/system/dept/save', token: admin(), body, table: customers },
      code,
      field,
    );
  });

  it('keeps a reply reserve of 0–90 % (30 by default), left as it is when not sent, refused outside naming the field', async () => {
    const id = await f.customer();
    expect((await row(id))?.replyReservePercent).toBe(30);
    const parentId = (await row(id))?.parentId;
    const name = (await row(id))?.name;
    const saved = await f.ok<{ replyReservePercent: number }>('POST', `/api/v3/system/dept/update/${id}`, {
      parentId,
      name,
      replyReservePercent: 45,
    });
    expect(saved.replyReservePercent).toBe(45);
    // An update that does not name it (an older client) leaves it alone.
    await f.ok('POST', `/api/v3/system/dept/update/${id}`, { parentId, name, sort: 3 });
    expect((await row(id))?.replyReservePercent).toBe(45);
    for (const replyReservePercent of [-1, 91, 12.5, '30']) {
      const before = await row(id);
      const res = await t.call('POST', `/api/v3/system/dept/update/${id}`, {
        token: admin(),
        body: { parentId, name, replyReservePercent },
      });
      const fields = (res.body.data as { fields: { field: string }[] }).fields;
      expect(fields.map((x) => x.field)).toEqual(['replyReservePercent']);
      expect(res.body.message).toContain(fieldLabel('replyReservePercent', 'en'));
      expect(await row(id)).toEqual(before);
    }
  });

  it('stores a known time zone, clears it when empty, and refuses an unknown one naming timeZone', async () => {
    const id = await f.customer();
    const parentId = (await row(id))?.parentId;
    const name = (await row(id))?.name;
    const saved = await f.ok<{ timeZone: string | null }>('POST', `/api/v3/system/dept/update/${id}`, {
      parentId,
      name,
      timeZone: ' Asia/Shanghai ',
    });
    expect(saved.timeZone).toBe('Asia/Shanghai');
    expect((await row(id))?.timeZone).toBe('Asia/Shanghai');
    for (const timeZone of ['Mars/Olympus_Mons', 'UTC+8; drop table customers', 'x'.repeat(65)]) {
      const before = await row(id);
      const res = await t.call('POST', `/api/v3/system/dept/update/${id}`, {
        token: admin(),
        body: { parentId, name, timeZone },
      });
      const fields = (res.body.data as { fields: { field: string }[] }).fields;
      expect(fields.map((x) => x.field)).toContain('timeZone');
      expect(res.body.code).toMatch(/^A04[02]0$/);
      expect(res.body.message).toContain(fieldLabel('timeZone', 'en'));
      expect(await row(id)).toEqual(before);
    }
    const unknown = await t.call('POST', '/api/v3/system/dept/save', {
      token: admin(),
      body: { parentId, name: f.unique('Zone'), timeZone: 'Europe/Atlantis' },
    });
    expect(unknown.body).toMatchObject({
      code: 'A0400',
      data: { fields: [{ field: 'timeZone', reason: 'invalidTimeZone' }] },
    });
    const created = await f.ok<{ id: number }>('POST', '/api/v3/system/dept/save', {
      parentId,
      name: f.unique('Zone'),
      timeZone: 'America/New_York',
    });
    expect((await row(created.id))?.timeZone).toBe('America/New_York');
    await f.ok('POST', `/api/v3/system/dept/update/${id}`, { parentId, name, timeZone: '' });
    expect((await row(id))?.timeZone).toBeNull();
  });

  it('refuses an order-by field outside the allow-list (injection attempt)', async () => {
    for (const field of ['name; drop table customers', 'CASE WHEN 1=1 THEN name ELSE id END', '0x6e616d65']) {
      const res = await t.call('POST', '/api/v3/system/dept/customer/list/page', {
        token: admin(),
        body: { orderBy: { field, direction: 'asc' } },
      });
      expect(res.body.code).toBe('A0400');
      expect(res.body.message).toContain(fieldLabel('orderBy.field', 'en'));
    }
    const dir = await t.call('POST', '/api/v3/system/dept/customer/list/page', {
      token: admin(),
      body: { orderBy: { field: 'name', direction: 'asc, (select 1)' } },
    });
    expect(dir.body.code).toBe('A0400');
  });

  it('answers A0404 for an unknown id and A0400 for a non-numeric one', async () => {
    expect((await t.call('GET', '/api/v3/system/dept/delete/999999', { token: admin() })).body.code).toBe('A0404');
    expect((await t.call('GET', '/api/v3/system/dept/delete/abc', { token: admin() })).body.code).toBe('A0400');
  });
});
