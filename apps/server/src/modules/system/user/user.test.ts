import { DEPT_PERMISSIONS, fieldLabel, USER_PERMISSIONS } from '@agent-console/contracts';
import { POST_PERMISSIONS } from '@agent-console/contracts/system-post';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { expectRefusedSave } from '@agent-console/server/test/fixtures/refused-save';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles, sessions, users } from '../../../db/schema';

const { t, admin, f } = useAdminApp();
let adminId: number;

beforeAll(async () => {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = row?.id ?? 0;
});

type Page = { list: { id: number; username: string; roles: { id: number }[] }[]; total: number };
const U = '/api/v3/system/user';
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('user administration', () => {
  it('creates a user with roles and posts, shows them in the list and the detail, and they can sign in', async () => {
    const cid = await f.customer();
    const roleId = await f.role({ codes: [USER_PERMISSIONS.list], customerId: cid });
    const post = await f.ok<{ id: number }>('POST', '/api/v3/system/post/save', {
      customerId: cid,
      code: 'dev',
      name: 'Developer',
    });
    const created = await f.ok<{ id: number; roleIds: number[]; postIds: number[] }>('POST', `${U}/save`, {
      customerId: cid,
      username: 'alice.w',
      nickName: 'Alice',
      password: 'secret-123',
      phone: '+1 555 0100',
      email: 'Alice@Example.com',
      gender: 'female',
      roleIds: [roleId],
      postIds: [post.id],
    });
    expect(created).toMatchObject({ roleIds: [roleId], postIds: [post.id] });
    const detail = await f.ok<{ email: string; customerId: number }>('GET', `${U}/detail/${created.id}`);
    expect(detail).toMatchObject({ email: 'alice@example.com', customerId: cid });
    const page = await f.ok<Page>('POST', `${U}/page`, { customerId: cid, username: 'alice' });
    expect(page.list.map((u) => u.username)).toEqual(['alice.w']);
    expect(await t.login('alice.w', 'secret-123')).toBeTruthy();
  });

  it('filters by customer subtree, status and creation time, sorts by an allowed field and pages', async () => {
    const top = await f.customer();
    const sub = await f.customer(undefined, top);
    const a = await f.user({ customerId: top });
    const b = await f.user({ customerId: sub });
    await f.ok('POST', `${U}/status/${b.id}`, { enabled: false });
    const subtree = await f.ok<Page>('POST', `${U}/page`, {
      customerId: top,
      orderBy: { field: 'username', direction: 'asc' },
    });
    expect(subtree.list.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    const disabled = await f.ok<Page>('POST', `${U}/page`, { customerId: top, enabled: false });
    expect(disabled.list.map((u) => u.id)).toEqual([b.id]);
    const future = await f.ok<Page>('POST', `${U}/page`, { customerId: top, createdFrom: '2999-01-01T00:00:00Z' });
    expect(future.total).toBe(0);
    const paged = await f.ok<Page>('POST', `${U}/page`, { customerId: top, pageNum: 2, pageSize: 1 });
    expect(paged).toMatchObject({ total: 2 });
    expect(paged.list).toHaveLength(1);
  });

  it('keeps username, phone and email unique', async () => {
    const cid = await f.customer();
    const base = { customerId: cid, nickName: 'N', password: 'secret-123' };
    await f.ok('POST', `${U}/save`, { ...base, username: 'uniq1', phone: '5550001', email: 'u1@example.com' });
    for (const [body, field] of [
      [{ username: 'UNIQ1' }, 'username'],
      [{ username: 'uniq2', phone: '5550001' }, 'phone'],
      [{ username: 'uniq3', email: 'U1@example.com' }, 'email'],
    ] as const) {
      const res = await t.call('POST', `${U}/save`, { token: admin(), body: { ...base, ...body } });
      expect(res.body).toMatchObject({ code: 'A0111', data: { fields: [{ field, reason: 'taken' }] } });
    }
  });

  it('never deletes or disables the built-in admin or yourself', async () => {
    for (const [method, url, body] of [
      ['POST', `${U}/delete`, { ids: [adminId] }],
      ['POST', `${U}/status/${adminId}`, { enabled: false }],
    ] as const) {
      const res = await t.call(method, url, { token: admin(), body });
      expect(res.body.code).toBe('A0440');
    }
    const m = await f.member([USER_PERMISSIONS.list, USER_PERMISSIONS.edit, USER_PERMISSIONS.remove]);
    const selfDelete = await t.call('POST', `${U}/delete`, { token: m.token, body: { ids: [m.id] } });
    expect(selfDelete.body).toMatchObject({ code: 'A0440', data: { fields: [{ reason: 'self' }] } });
    const selfDisable = await t.call('POST', `${U}/status/${m.id}`, { token: m.token, body: { enabled: false } });
    expect(selfDisable.body).toMatchObject({ code: 'A0440', data: { fields: [{ reason: 'self' }] } });
    expect((await userRow(adminId))?.enabled).toBe(true);
  });

  it('disabling a user ends their sessions; enabling lets them back in', async () => {
    const u = await f.user({ customerId: await f.customer() });
    const token = await u.token();
    await f.ok('POST', `${U}/status/${u.id}`, { enabled: false });
    expect((await t.call('GET', '/api/v3/system/user/info', { token })).body.code).toBe('A0301');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    await f.ok('POST', `${U}/status/${u.id}`, { enabled: true });
    expect(await u.token()).toBeTruthy();
  });

  it('resets a password to a generated one shown once; the old one stops working', async () => {
    const u = await f.user({ customerId: await f.customer() });
    const res = await t.call<{ password: string }>('GET', `${U}/resetPwd/${u.id}`, { token: admin() });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.data.password.length).toBeGreaterThanOrEqual(16);
    expect(
      (await t.call('POST', '/api/login', { body: { username: u.username, password: u.password } })).body.code,
    ).toBe('A0210');
    expect(await t.login(u.username, res.body.data.password)).toBeTruthy();
  });

  it('deletes one user and a batch', async () => {
    const cid = await f.customer();
    const [a, b, c] = [
      await f.user({ customerId: cid }),
      await f.user({ customerId: cid }),
      await f.user({ customerId: cid }),
    ];
    await f.ok('POST', `${U}/delete`, { ids: [a.id] });
    await f.ok('POST', `${U}/delete`, { ids: [b.id, c.id] });
    expect(await userRow(a.id)).toBeUndefined();
    expect(await userRow(c.id)).toBeUndefined();
  });
});

describe('granting roles and posts', () => {
  it('a customer administrator cannot grant super_admin, a role of another customer, or permissions they lack', async () => {
    const m = await f.member([USER_PERMISSIONS.list, USER_PERMISSIONS.add, USER_PERMISSIONS.edit]);
    const [superAdmin] = await t.database.db.select().from(roles).where(eq(roles.key, 'super_admin'));
    const wider = await f.role({ codes: [DEPT_PERMISSIONS.remove], customerId: m.customerId });
    const foreign = await f.role({ codes: [], customerId: await f.customer() });
    const base = { customerId: m.customerId, nickName: 'N', password: 'secret-123' };
    for (const [roleId, code] of [
      [superAdmin?.id, 'A0312'],
      [wider, 'A0312'],
      [foreign, 'A0400'],
    ] as const) {
      const res = await t.call('POST', `${U}/save`, {
        token: m.token,
        body: { ...base, username: f.unique('g'), roleIds: [roleId] },
      });
      expect(res.body.code, String(roleId)).toBe(code);
      expect(res.body.message).toContain(fieldLabel('roleIds', 'en'));
    }
    // Escalating oneself is the same call.
    const self = await t.call('POST', `${U}/update/${m.id}`, {
      token: m.token,
      body: { ...base, roleIds: [superAdmin?.id] },
    });
    expect(self.body.code).toBe('A0312');
  });

  it('a post of another customer cannot be assigned', async () => {
    const cid = await f.customer();
    const other = await f.customer();
    const post = await f.ok<{ id: number }>('POST', '/api/v3/system/post/save', {
      customerId: other,
      code: 'x',
      name: 'X',
    });
    const res = await t.call('POST', `${U}/save`, {
      token: admin(),
      body: { customerId: cid, username: f.unique('p'), nickName: 'N', password: 'secret-123', postIds: [post.id] },
    });
    expect(res.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'postIds' }] } });
  });

  it('a role change applies on the user’s next request', async () => {
    const cid = await f.customer();
    const roleId = await f.role({ codes: [POST_PERMISSIONS.list], customerId: cid });
    const u = await f.user({ customerId: cid, roleIds: [roleId] });
    const token = await u.token();
    expect((await t.call('POST', '/api/v3/system/post/page', { token, body: {} })).body.code).toBe('00000');
    await f.ok('POST', `/api/v3/system/role/permission/update/${roleId}`, { menuIds: [] });
    expect((await t.call('POST', '/api/v3/system/post/page', { token, body: {} })).body.code).toBe('A0312');
  });
});

describe('user scope', () => {
  it('a user of customer B cannot read, list, change, reset or delete customer A’s users', async () => {
    const victim = await f.user({ customerId: await f.customer() });
    const m = await f.member(Object.values(USER_PERMISSIONS));
    const page = await f.ok<Page>('POST', `${U}/page`, {}, m.token);
    expect(page.list.map((u) => u.id)).toEqual([m.id]);
    const probe = await f.ok<Page>('POST', `${U}/page`, { customerId: 1 }, m.token);
    expect(probe.list.map((u) => u.id)).toEqual([m.id]);
    // Client-sent scope parameters (RuoYi's params.dataScope) are dropped, never appended to SQL.
    const sneaky = await f.ok<Page>('POST', `${U}/page`, { dataScope: 1, params: { dataScope: ' OR 1=1' } }, m.token);
    expect(sneaky.list.map((u) => u.id)).toEqual([m.id]);
    const body = { customerId: m.customerId, nickName: 'Pwned' };
    for (const [method, url, b] of [
      ['GET', `${U}/detail/${victim.id}`, undefined],
      ['POST', `${U}/update/${victim.id}`, body],
      ['POST', `${U}/status/${victim.id}`, { enabled: false }],
      ['GET', `${U}/resetPwd/${victim.id}`, undefined],
      ['POST', `${U}/delete`, { ids: [victim.id] }],
      ['GET', `${U}/detail/${adminId}`, undefined],
      ['GET', `${U}/resetPwd/${adminId}`, undefined],
    ] as const) {
      const res = await t.call(method, url, { token: m.token, ...(b ? { body: b } : {}) });
      expect(res.body.code, url).toBe('A0404');
    }
    const row = await userRow(victim.id);
    expect(row).toMatchObject({ nickName: victim.username, enabled: true });
    const move = await t.call('POST', `${U}/save`, {
      token: m.token,
      body: { customerId: 1, username: f.unique('x'), nickName: 'N', password: 'secret-123' },
    });
    expect(move.body.code).toBe('A0312');
  });

  it('acting on a user needs the power to grant every role they hold: a password desk cannot take over a manager', async () => {
    const cid = await f.customer();
    const desk = await f.member(
      [USER_PERMISSIONS.list, USER_PERMISSIONS.edit, USER_PERMISSIONS.resetPwd, USER_PERMISSIONS.remove],
      3,
      cid,
    );
    const managerRole = await f.role({
      codes: [...Object.values(USER_PERMISSIONS), DEPT_PERMISSIONS.list],
      customerId: cid,
    });
    const wideRole = await f.role({ codes: [USER_PERMISSIONS.list], dataScope: 4, customerId: cid });
    for (const roleIds of [[managerRole], [wideRole]]) {
      const boss = await f.user({ customerId: cid, roleIds });
      const detail = await t.call('GET', `${U}/detail/${boss.id}`, { token: desk.token });
      expect(detail.body.code, 'reading stays allowed').toBe('00000');
      for (const [method, url, b] of [
        ['POST', `${U}/update/${boss.id}`, { customerId: cid, nickName: 'Pwned', roleIds: [] }],
        ['POST', `${U}/update/${boss.id}`, { customerId: cid, nickName: 'Pwned' }],
        ['POST', `${U}/status/${boss.id}`, { enabled: false }],
        ['GET', `${U}/resetPwd/${boss.id}`, undefined],
        ['POST', `${U}/delete`, { ids: [boss.id] }],
        ['POST', `/api/v3/system/user/info/update/${boss.id}`, { nickName: 'Pwned' }],
        [
          'POST',
          `/api/v3/system/user/password/update/${boss.id}`,
          { oldPassword: 'secret-123', newPassword: 'Another-pass-9', confirmPassword: 'Another-pass-9' },
        ],
      ] as const) {
        const res = await t.call(method, url, { token: desk.token, ...(b ? { body: b } : {}) });
        expect(res.body, `${method} ${url}`).toMatchObject({
          code: 'A0312',
          data: { fields: [{ field: 'id', reason: 'outranksYou' }] },
        });
      }
      expect(await userRow(boss.id)).toMatchObject({ nickName: boss.username, enabled: true });
      expect((await f.ok<{ roleIds: number[] }>('GET', `${U}/detail/${boss.id}`)).roleIds).toEqual(roleIds);
      expect(await t.login(boss.username, boss.password)).toBeTruthy();
    }
    // A user whose roles the desk could grant itself stays theirs to look after, and so do they.
    const peer = await f.user({ customerId: cid, roleIds: [desk.roleId] });
    expect((await t.call('GET', `${U}/resetPwd/${peer.id}`, { token: desk.token })).body.code).toBe('00000');
    const own = await t.call('POST', `${U}/update/${desk.id}`, {
      token: desk.token,
      body: { customerId: cid, nickName: 'Desk', roleIds: [desk.roleId] },
    });
    expect(own.body.code).toBe('00000');
  });

  it('an update that leaves roles and posts out keeps them', async () => {
    const cid = await f.customer();
    const roleId = await f.role({ codes: [USER_PERMISSIONS.list], customerId: cid });
    const u = await f.user({ customerId: cid, roleIds: [roleId] });
    await f.ok('POST', `${U}/update/${u.id}`, { customerId: cid, nickName: 'Renamed' });
    const detail = await f.ok<{ nickName: string; roleIds: number[] }>('GET', `${U}/detail/${u.id}`);
    expect(detail).toMatchObject({ nickName: 'Renamed', roleIds: [roleId] });
    await f.ok('POST', `${U}/update/${u.id}`, { customerId: cid, nickName: 'Renamed', roleIds: [] });
    expect((await f.ok<{ roleIds: number[] }>('GET', `${U}/detail/${u.id}`)).roleIds).toEqual([]);
  });

  it('scope "self" sees only oneself', async () => {
    const cid = await f.customer();
    await f.user({ customerId: cid });
    const m = await f.member([USER_PERMISSIONS.list], 5, cid);
    const page = await f.ok<Page>('POST', `${U}/page`, {}, m.token);
    expect(page.list.map((u) => u.id)).toEqual([m.id]);
  });

  it('answers A0312 without the permission', async () => {
    const m = await f.member([]);
    for (const [method, url, body] of [
      ['POST', `${U}/page`, {}],
      ['GET', `${U}/detail/${m.id}`, undefined],
      ['POST', `${U}/save`, {}],
      ['POST', `${U}/update/${m.id}`, {}],
      ['POST', `${U}/status/${m.id}`, { enabled: true }],
      ['GET', `${U}/resetPwd/${m.id}`, undefined],
      ['POST', `${U}/delete`, { ids: [m.id] }],
    ] as const) {
      expect((await t.call(method, url, { token: m.token, ...(body ? { body } : {}) })).body.code, url).toBe('A0312');
    }
  });
});

describe('user input', () => {
  const base = { customerId: 1, username: 'valid_name', nickName: 'N', password: 'secret-123' };
  it.each([
    [{ ...base, username: undefined }, 'A0410', 'username'],
    [{ ...base, password: '123' }, 'A0420', 'password'],
    [{ ...base, username: 'bad name!' }, 'A0400', 'username'],
    [{ ...base, nickName: 'n'.repeat(10_000) }, 'A0420', 'nickName'],
    [{ ...base, gender: 'robot' }, 'A0400', 'gender'],
    [{ ...base, email: 'nope' }, 'A0400', 'email'],
    [{ ...base, roleIds: 'all' }, 'A0400', 'roleIds'],
    [{ ...base, customerId: '1 OR 1=1' }, 'A0400', 'customerId'],
  ])('rejects %j with %s naming %s and creates nothing', async (body, code, field) => {
    await expectRefusedSave(t, { url: `${U}/save`, token: admin(), body, table: users }, code, field);
  });

  it.each([
    ['seven characters', 'abc1234', 'A0420', 'tooShort'],
    ['a common password', 'iloveyou1', 'A0400', 'weakPassword'],
    ['the username inside', 'Valid_Name!77', 'A0400', 'containsUsername'],
  ])('refuses a password of %s naming password and creates nothing', async (_name, password, code, reason) => {
    const before = (await t.database.db.select().from(users)).length;
    const res = await t.call('POST', `${U}/save`, { token: admin(), body: { ...base, password } });
    expect(res.body.code).toBe(code);
    expect(res.body.data).toEqual({ fields: [{ field: 'password', reason }] });
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it('refuses an order-by injection and a bad time range value', async () => {
    const inj = await t.call('POST', `${U}/page`, {
      token: admin(),
      body: { orderBy: { field: '(CASE WHEN 1=1 THEN username END)' } },
    });
    expect(inj.body.code).toBe('A0400');
    const time = await t.call('POST', `${U}/page`, { token: admin(), body: { createdFrom: 'yesterday' } });
    expect(time.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'createdFrom' }] } });
  });
});
