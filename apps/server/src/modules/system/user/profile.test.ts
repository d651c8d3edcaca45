import { fieldLabel } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { signInCodeFrom } from '@agent-console/server/test/fixtures/users';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, menus, roleMenus, roles, sessions, userRoles, users } from '../../../db/schema';
import { hashPassword } from '../../../lib/password';

const { t, admin } = useAdminApp();
let adminId: number;
let hq: number;
let other: number;

/** Users created straight in the database: faster than registering, and in any customer. */
async function makeUser(username: string, customerId: number, roleKey: string): Promise<number> {
  const [row] = await t.database.db
    .insert(users)
    .values({ username, nickName: username, customerId, passwordHash: await hashPassword('secret-123') })
    .returning({ id: users.id });
  const [role] = await t.database.db.select().from(roles).where(eq(roles.key, roleKey));
  if (!row || !role) throw new Error('setup failed');
  await t.database.db.insert(userRoles).values({ userId: row.id, roleId: role.id });
  return row.id;
}

let staffId: number;
let staff: string;
let otherStaffId: number;
let managerId: number;
let manager: string;
let peerId: number;

beforeAll(async () => {
  const db = t.database.db;
  const [root] = await db.select().from(customers).limit(1);
  const [adminRow] = await db.select().from(users).where(eq(users.username, 'admin'));
  if (!root || !adminRow) throw new Error('seed missing');
  hq = root.id;
  adminId = adminRow.id;
  const [b] = await db
    .insert(customers)
    .values({ name: 'Branch B', parentId: hq, ancestors: [hq] })
    .returning();
  if (!b) throw new Error('setup failed');
  other = b.id;
  // A user manager limited to their own customer: may edit users of HQ only.
  const [managerRole] = await db
    .insert(roles)
    .values({ name: 'User manager', key: 'user_manager', dataScope: 3 })
    .returning();
  const granted = await db
    .select({ id: menus.id })
    .from(menus)
    .where(inArray(menus.name, ['SystemUser', 'SystemUser:list', 'SystemUser:edit']));
  if (!managerRole) throw new Error('setup failed');
  await db.insert(roleMenus).values(granted.map((m) => ({ roleId: managerRole.id, menuId: m.id })));

  staffId = await makeUser('staff-a', hq, 'staff');
  peerId = await makeUser('staff-peer', hq, 'staff');
  otherStaffId = await makeUser('staff-b', other, 'staff');
  managerId = await makeUser('manager-a', hq, 'user_manager');
  // Acting on a user needs the power to grant their roles: the manager holds staff's permissions too.
  const [staffRole] = await db.select().from(roles).where(eq(roles.key, 'staff'));
  if (!staffRole) throw new Error('setup failed');
  await db.insert(userRoles).values({ userId: managerId, roleId: staffRole.id });
  staff = await t.login('staff-a', 'secret-123');
  manager = await t.login('manager-a', 'secret-123');
});

const info = (id: number | string) => `/api/v3/system/user/info/${id}`;
const update = (id: number | string) => `/api/v3/system/user/info/update/${id}`;
const password = (id: number | string) => `/api/v3/system/user/password/update/${id}`;

describe('GET /api/v3/system/user/info/{id}', () => {
  it("answers one's own profile with the customer", async () => {
    const res = await t.call('GET', info(staffId), { token: staff });
    expect(res.body.code).toBe('00000');
    expect(res.body.data).toMatchObject({
      id: staffId,
      username: 'staff-a',
      nickName: 'staff-a',
      gender: 'unknown',
      customer: { id: hq, name: 'Headquarters' },
    });
    expect(res.body.data).not.toHaveProperty('passwordHash');
  });

  it("refuses another user's profile without the permission (A0312)", async () => {
    const res = await t.call('GET', info(peerId), { token: staff });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('A0312');
  });

  it('lets a manager read a user of their customer but not of another customer (A0404)', async () => {
    expect((await t.call('GET', info(peerId), { token: manager })).body.code).toBe('00000');
    const cross = await t.call('GET', info(otherStaffId), { token: manager });
    expect(cross.status).toBe(404);
    expect(cross.body.code).toBe('A0404');
    expect((await t.call('GET', info(999_999), { token: manager })).body.code).toBe('A0404');
  });

  it("keeps a customer's user manager away from the super admin's profile (A0404), even in the root customer", async () => {
    // The manager's scope (own customer) is the root customer, which is where the admin lives.
    const res = await t.call('GET', info(adminId), { token: manager });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('A0404');
  });

  it('lets the super-admin read anyone', async () => {
    expect((await t.call('GET', info(otherStaffId), { token: admin() })).body.code).toBe('00000');
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999999'])('rejects the id %s naming id', async (id) => {
    const res = await t.call('GET', info(id), { token: admin() });
    expect(res.status).toBe(400);
    expect(res.body.code).toMatch(/^A04/);
    expect(res.body.message).toContain(fieldLabel('id', 'en'));
  });

  it('refuses an anonymous caller (A0301)', async () => {
    expect((await t.call('GET', info(staffId))).body.code).toBe('A0301');
  });
});

describe('POST /api/v3/system/user/info/update/{id}', () => {
  it("updates one's own nickname, phone, email and gender", async () => {
    const body = { nickName: '  Alice  ', phone: '+86 138-0000-0001', email: 'Alice@Example.com', gender: 'female' };
    const res = await t.call('POST', update(staffId), { token: staff, body });
    expect(res.body.code).toBe('00000');
    expect(res.body.data).toMatchObject({
      nickName: 'Alice',
      phone: '+86 138-0000-0001',
      email: 'Alice@Example.com',
      gender: 'female',
    });
    const again = await t.call('GET', info(staffId), { token: staff });
    expect(again.body.data).toMatchObject({ nickName: 'Alice', gender: 'female' });
  });

  it('clears phone and email sent empty', async () => {
    const res = await t.call('POST', update(staffId), {
      token: staff,
      body: { nickName: 'Alice', phone: '', email: '' },
    });
    expect(res.body.data).toMatchObject({ phone: null, email: null, gender: 'female' });
  });

  it('answers A0111 naming phone or email taken by another user, changing nothing', async () => {
    await t.call('POST', update(peerId), {
      token: manager,
      body: { nickName: 'Peer', phone: '13900000002', email: 'peer@x.io' },
    });
    const phone = await t.call('POST', update(staffId), {
      token: staff,
      body: { nickName: 'Changed', phone: '13900000002' },
    });
    expect(phone.body.code).toBe('A0111');
    expect(phone.body.data).toEqual({ fields: [{ field: 'phone', reason: 'taken' }] });
    expect(phone.body.message).toContain(fieldLabel('phone', 'en'));
    const email = await t.call('POST', update(staffId), {
      token: staff,
      body: { nickName: 'Changed', email: 'PEER@x.io' },
    });
    expect(email.body.code).toBe('A0111');
    expect(email.body.message).toContain(fieldLabel('email', 'en'));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, staffId));
    expect(row?.nickName).toBe('Alice');
  });

  it("keeps a user's own phone and email when saved unchanged", async () => {
    const res = await t.call('POST', update(peerId), {
      token: manager,
      body: { nickName: 'Peer 2', phone: '13900000002', email: 'peer@x.io' },
    });
    expect(res.body.code).toBe('00000');
  });

  it.each([
    [{}, 'A0410', 'nickName'],
    [{ nickName: '   ' }, 'A0410', 'nickName'],
    [{ nickName: 42 }, 'A0400', 'nickName'],
    [{ nickName: 'n'.repeat(10_000) }, 'A0420', 'nickName'],
    [{ nickName: 'ok', phone: 'p'.repeat(10_000) }, 'A0420', 'phone'],
    [{ nickName: 'ok', phone: 'call me' }, 'A0400', 'phone'],
    [{ nickName: 'ok', email: 'not-an-email' }, 'A0400', 'email'],
    [{ nickName: 'ok', email: `${'e'.repeat(10_000)}@x.io` }, 'A0420', 'email'],
    [{ nickName: 'ok', gender: 'other' }, 'A0400', 'gender'],
    [{ nickName: 'ok', gender: 7 }, 'A0400', 'gender'],
  ])('rejects %j with %s naming %s and changes nothing', async (body, code, field) => {
    const res = await t.call('POST', update(staffId), { token: staff, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, staffId));
    expect(row?.nickName).toBe('Alice');
  });

  it("refuses to update another user's profile without system:user:edit", async () => {
    const res = await t.call('POST', update(peerId), { token: staff, body: { nickName: 'Hacked' } });
    expect(res.body.code).toBe('A0312');
  });

  it("refuses a user manager the super admin's profile (A0404) and changes nothing", async () => {
    const res = await t.call('POST', update(adminId), { token: manager, body: { nickName: 'Taken over' } });
    expect(res.body.code).toBe('A0404');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(row?.nickName).toBe('admin');
  });

  it('lets a manager edit inside their customer only', async () => {
    const cross = await t.call('POST', update(otherStaffId), { token: manager, body: { nickName: 'Hacked' } });
    expect(cross.body.code).toBe('A0404');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, otherStaffId));
    expect(row?.nickName).toBe('staff-b');
  });
});

describe('POST /api/v3/system/user/password/update/{id}', () => {
  it('changes the password, keeps the current session and ends the others', async () => {
    const second = await t.login('staff-a', 'secret-123');
    const body = { oldPassword: 'secret-123', newPassword: 'secret-456', confirmPassword: 'secret-456' };
    const res = await t.call('POST', password(staffId), { token: staff, body });
    expect(res.body.code).toBe('00000');
    expect((await t.call('GET', info(staffId), { token: staff })).body.code).toBe('00000');
    expect((await t.call('GET', info(staffId), { token: second })).body.code).toBe('A0301');
    const login = await t.call('POST', '/api/login', { body: { username: 'staff-a', password: 'secret-456' } });
    expect(login.body.code).toBe('00000');
    const old = await t.call('POST', '/api/login', { body: { username: 'staff-a', password: 'secret-123' } });
    expect(old.body.code).toBe('A0210');
  });

  it('answers A0210 naming oldPassword for a wrong old password', async () => {
    const body = { oldPassword: 'wrong-one', newPassword: 'secret-789', confirmPassword: 'secret-789' };
    const res = await t.call('POST', password(staffId), { token: staff, body });
    expect(res.body.code).toBe('A0210');
    expect(res.body.data).toEqual({ fields: [{ field: 'oldPassword', reason: 'incorrect' }] });
    expect(res.body.message).toBe('Current password is incorrect');
  });

  it.each([
    [{ newPassword: 'secret-789', confirmPassword: 'secret-789' }, 'A0410', 'oldPassword'],
    [{ oldPassword: 'secret-456', confirmPassword: 'x' }, 'A0410', 'newPassword'],
    [{ oldPassword: 'secret-456', newPassword: 'secret-789' }, 'A0410', 'confirmPassword'],
    [{ oldPassword: 'secret-456', newPassword: 'secret-456', confirmPassword: 'secret-456' }, 'A0400', 'newPassword'],
    [
      { oldPassword: 'secret-456', newPassword: 'secret-789', confirmPassword: 'secret-000' },
      'A0400',
      'confirmPassword',
    ],
    [{ oldPassword: 'secret-456', newPassword: 'abc', confirmPassword: 'abc' }, 'A0420', 'newPassword'],
    [
      { oldPassword: 'p'.repeat(10_000), newPassword: 'secret-789', confirmPassword: 'secret-789' },
      'A0420',
      'oldPassword',
    ],
    [{ oldPassword: 'secret-456', newPassword: ['x'], confirmPassword: 'x' }, 'A0400', 'newPassword'],
  ])('rejects %j with %s naming %s', async (body, code, field) => {
    const res = await t.call('POST', password(staffId), { token: staff, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
    const ok = await t.call('POST', '/api/login', { body: { username: 'staff-a', password: 'secret-456' } });
    expect(ok.body.code).toBe('00000');
  });

  it("says the passwords do not match in the caller's language", async () => {
    const body = { oldPassword: 'secret-456', newPassword: 'secret-789', confirmPassword: 'secret-000' };
    const res = await t.call('POST', password(staffId), { token: staff, body, lang: 'en' });
    expect(res.body.message).toContain('the two passwords do not match!');
  });

  it("refuses another user's password without system:user:edit", async () => {
    const body = { oldPassword: 'secret-123', newPassword: 'secret-789', confirmPassword: 'secret-789' };
    expect((await t.call('POST', password(peerId), { token: staff, body })).body.code).toBe('A0312');
  });

  it("lets a manager change a password inside their customer only, ending all of that user's sessions", async () => {
    const peer = await t.login('staff-peer', 'secret-123');
    const body = { oldPassword: 'secret-123', newPassword: 'secret-789', confirmPassword: 'secret-789' };
    expect((await t.call('POST', password(otherStaffId), { token: manager, body })).body.code).toBe('A0404');
    expect((await t.call('POST', password(peerId), { token: manager, body })).body.code).toBe('00000');
    expect((await t.call('GET', info(peerId), { token: peer })).body.code).toBe('A0301');
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, managerId));
    expect(left.length).toBeGreaterThan(0);
  });

  it("refuses a user manager the super admin's password even with the right old one (A0404)", async () => {
    const body = {
      oldPassword: TEST_ADMIN_PASSWORD,
      newPassword: 'taken-over-99',
      confirmPassword: 'taken-over-99',
    };
    expect((await t.call('POST', password(adminId), { token: manager, body })).body.code).toBe('A0404');
    expect(await t.login('admin', TEST_ADMIN_PASSWORD)).toBeTruthy();
  });

  it.each([
    ['a common password', 'password1', 'A0400', 'weakPassword'],
    ['a common password in other letter case', 'Sunshine1', 'A0400', 'weakPassword'],
    ['the username inside', 'my-STAFF-A-pass', 'A0400', 'containsUsername'],
  ])('refuses %s as the new password naming newPassword', async (_name, next, code, reason) => {
    const body = { oldPassword: 'secret-456', newPassword: next, confirmPassword: next };
    const res = await t.call('POST', password(staffId), { token: staff, body });
    expect(res.body.code).toBe(code);
    expect(res.body.data).toEqual({ fields: [{ field: 'newPassword', reason }] });
    expect(res.body.message).toContain(fieldLabel('newPassword', 'en'));
    expect(await t.login('staff-a', 'secret-456')).toBeTruthy();
  });

  it('counts wrong old passwords like wrong sign-ins: five from one source lock it (A0211), another source is not', async () => {
    const id = await makeUser('guessed', hq, 'staff');
    const token = await t.login('guessed', 'secret-123');
    const attempt = (ip: string, oldPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: password(id),
        remoteAddress: ip,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        payload: { oldPassword, newPassword: 'fresh-words-77', confirmPassword: 'fresh-words-77' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('198.51.100.30', `guess-${i}-wrong`)).json().code).toBe('A0210');
    const locked = await attempt('198.51.100.30', 'secret-123');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('A0211');
    // The same lock holds for sign-in from that source: one mechanism, one count.
    expect(await signInCodeFrom(t, '198.51.100.30', 'guessed', 'secret-123')).toBe('A0211');
    expect((await attempt('203.0.113.30', 'secret-123')).json().code).toBe('00000');
  });

  it('refuses an anonymous caller (A0301)', async () => {
    const body = { oldPassword: 'secret-123', newPassword: 'secret-789', confirmPassword: 'secret-789' };
    expect((await t.call('POST', password(adminId), { body })).body.code).toBe('A0301');
  });
});
