import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertChatAccount } from '@agent-console/server/test/fixtures/chat';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLE_KEY } from '../../../db/builtin-names';
import { apps, menus, roleMenus, roles } from '../../../db/schema';
import { seedDatabase } from '../../../db/seed';
import { SEED_MENU } from '../../../menu';

/**
 * Issue 34, "a new customer runs its agent alone": the role a customer's first registered user
 * gets (the seeded staff role, the customer's default) creates, starts and stops its own
 * customer's apps and chooses the app serving its own chat account, and nothing of another
 * customer's.
 */
const { t, f } = useAdminApp();

const P = '/api/v3/app/info';
type App = { id: number; customerId: number; name: string; status: string; apiKey?: string };

/** A new customer made by the root admin, and its first user, registered with its invitation code. */
async function newCustomerWithMember(): Promise<{ customerId: number; token: string; userId: number }> {
  const customerId = await f.customer();
  const { code } = await f.ok<{ code: string }>('GET', `/api/v3/system/dept/invitation/${customerId}`);
  const username = f.unique('member');
  const password = 'member-pass-9';
  const registered = await t.call<{ id: number }>('POST', '/api/register', {
    body: { username, password, confirmPassword: password, invitationCode: code, agreement: true },
  });
  expect(registered.body.code).toBe('00000');
  return { customerId, token: await t.login(username, password), userId: registered.body.data.id };
}

async function call<T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await t.call<T>(method, url, { token, ...(body === undefined ? {} : { body }) });
  return res.body;
}

async function createApp(token: string, customerId: number, name: string): Promise<App> {
  const { port } = (await call<{ port: number }>(token, 'GET', `${P}/getPort`)).data;
  const saved = await call<App>(token, 'POST', `${P}/save`, {
    customerId,
    name,
    code: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    port,
  });
  expect(saved.code, saved.message).toBe('00000');
  return saved.data;
}

describe('a customer’s first user and its apps', () => {
  let a: Awaited<ReturnType<typeof newCustomerWithMember>>;
  let b: Awaited<ReturnType<typeof newCustomerWithMember>>;
  let appA: App;
  let appB: App;

  beforeAll(async () => {
    a = await newCustomerWithMember();
    b = await newCustomerWithMember();
    appA = await createApp(a.token, a.customerId, `Desk A ${f.unique('')}`);
    appB = await createApp(b.token, b.customerId, `Desk B ${f.unique('')}`);
  });

  it('gets the seeded staff role, which holds App info but not the configuration centre', async () => {
    const info = await call<{ roles: { key: string }[]; permissions: string[] }>(
      a.token,
      'GET',
      '/api/v3/system/user/info',
    );
    expect(info.code).toBe('00000');
    expect(info.data.roles.map((r) => r.key)).toEqual([STAFF_ROLE_KEY]);
    expect(info.data.permissions).toEqual(
      expect.arrayContaining(['app:info:list', 'app:info:add', 'app:info:start', 'app:info:stop', 'chat:account:edit']),
    );
    expect(info.data.permissions).not.toContain('app:item:list');
    expect((await call(a.token, 'POST', '/api/v3/app/namespace/list/page', { appId: appA.id })).code).toBe('A0312');
  });

  it('creates, starts and stops its own customer’s app', async () => {
    expect(appA.apiKey).toMatch(/^ak-/);
    const started = await call<{ status: string }>(a.token, 'GET', `${P}/startApp/${appA.id}`);
    expect(started.data?.status).toBe('running');
    const health = await fetch(`http://127.0.0.1:${(await appPort(appA.id)) ?? 0}/health`);
    expect(health.status).toBe(200);
    await health.arrayBuffer();
    const stopped = await call<{ status: string }>(a.token, 'GET', `${P}/stopApp/${appA.id}`);
    expect(stopped.data?.status).toBe('stopped');
    const renamed = await call<App>(a.token, 'POST', `${P}/update/${appA.id}`, {
      customerId: a.customerId,
      name: `${appA.name} 2`,
      code: `desk-a-${f.unique('').toLowerCase()}`,
      port: await appPort(appA.id),
    });
    expect(renamed.code).toBe('00000');
  });

  it('never sees, starts, stops, edits, deletes or rekeys another customer’s app', async () => {
    const page = await call<{ list: App[] }>(a.token, 'POST', `${P}/list/page`, { pageNum: 1, pageSize: 100 });
    expect(page.data.list.map((x) => x.customerId)).toEqual(page.data.list.map(() => a.customerId));
    expect(page.data.list.map((x) => x.id)).toContain(appA.id);
    const options = await call<App[]>(a.token, 'GET', `${P}/getList`);
    expect(options.data.map((x) => x.id)).toEqual([appA.id]);
    expect((await call<App[]>(a.token, 'GET', `${P}/getList?customerId=${b.customerId}`)).data).toEqual([]);

    const before = await appRowOf(appB.id);
    for (const [method, url, body] of [
      ['GET', `${P}/startApp/${appB.id}`, undefined],
      ['GET', `${P}/stopApp/${appB.id}`, undefined],
      ['GET', `${P}/delete/${appB.id}`, undefined],
      ['POST', `${P}/rotateKey/${appB.id}`, {}],
      [
        'POST',
        `${P}/update/${appB.id}`,
        { customerId: a.customerId, name: 'Taken over', code: 'taken-over', port: before.port },
      ],
    ] as const) {
      expect((await call(a.token, method, url, body)).code, url).toBe('A0404');
    }
    expect(await appRowOf(appB.id)).toEqual(before);
    // Not into another customer either.
    const foreign = await call(a.token, 'POST', `${P}/save`, {
      customerId: b.customerId,
      name: 'Planted',
      code: 'planted',
      port: (await call<{ port: number }>(a.token, 'GET', `${P}/getPort`)).data.port,
    });
    expect(foreign.code).toBe('A0312');
    expect((await call<App[]>(b.token, 'GET', `${P}/getList`)).data.map((x) => x.id)).toEqual([appB.id]);
  });

  it('chooses its own app to serve its own account, never another customer’s', async () => {
    const mine = await insertChatAccount(t, { customerId: a.customerId, ownerUserId: a.userId });
    const theirs = await insertChatAccount(t, { customerId: b.customerId, ownerUserId: b.userId });
    const set = await call<{ appId: number | null }>(a.token, 'POST', '/api/v3/account/setApp', {
      accountId: mine.id,
      appId: appA.id,
    });
    expect(set.code).toBe('00000');
    expect(set.data.appId).toBe(appA.id);
    const foreignApp = await call(a.token, 'POST', '/api/v3/account/setApp', { accountId: mine.id, appId: appB.id });
    expect(foreignApp.code).toBe('A0400');
    const foreignAccount = await call(a.token, 'POST', '/api/v3/account/setApp', {
      accountId: theirs.id,
      appId: appA.id,
    });
    expect(foreignAccount.code).toBe('A0404');
  });
});

describe('an operator’s choice outlives an upgrade', () => {
  it('App info taken from the staff role on the role screen is not given back at the next start', async () => {
    const [staff] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.key, STAFF_ROLE_KEY));
    if (!staff) throw new Error('no staff role');
    const held = await t.database.db
      .select({ id: roleMenus.menuId, name: menus.name })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(eq(roleMenus.roleId, staff.id));
    const withoutApps = held.filter((m) => m.name !== 'App' && !m.name.startsWith('AppInfo'));
    expect(withoutApps.length).toBeLessThan(held.length);
    await f.ok('POST', `/api/v3/system/role/permission/update/${staff.id}`, { menuIds: withoutApps.map((m) => m.id) });
    await seedDatabase(t.database.db, { menu: SEED_MENU });
    const after = await t.database.db
      .select({ id: roleMenus.menuId })
      .from(roleMenus)
      .where(eq(roleMenus.roleId, staff.id));
    expect(after.map((m) => m.id).sort()).toEqual(withoutApps.map((m) => m.id).sort());
  });
});

async function appRowOf(id: number) {
  const [row] = await t.database.db.select().from(apps).where(eq(apps.id, id));
  if (!row) throw new Error(`no app ${id}`);
  return row;
}

async function appPort(id: number): Promise<number> {
  return (await appRowOf(id)).port;
}
