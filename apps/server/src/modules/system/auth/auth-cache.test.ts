import { USER_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../db/change-feed';
import type { Db } from '../../../db/client';
import { menus, roleMenus, sessions } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { AUTH_TABLES, AuthCache, type CachedCaller } from './auth-cache';
import { createAuthResolver } from './auth-context.service';

const { t, admin } = useAdminApp();

const USER_PAGE = '/api/v3/system/user/page';
const page = (token: string) => t.call('POST', USER_PAGE, { token, body: { pageNum: 1, pageSize: 10 } });
const codeOf = async (token: string) => (await page(token)).body.code;

/** A user allowed to list users, whose caller is cached by a first request. */
async function cachedUser(): Promise<ScopedUser> {
  const user = await createScopedUser(t, [USER_PERMISSIONS.list]);
  expect(await codeOf(user.token)).toBe('00000');
  expect(await codeOf(user.token)).toBe('00000');
  return user;
}

/** The database with its `execute` calls counted: the resolver reads a caller with one. */
function countingDb(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        reads += 1;
        return value.apply(target, args);
      };
    },
  });
  return { db: counted, reads: () => reads };
}

describe('auth cache: what is cached', () => {
  it('reads a caller once, then answers from memory until a table behind it is written', async () => {
    const user = await createScopedUser(t, [USER_PERMISSIONS.list]);
    const { db, reads } = countingDb(t.database.db);
    const resolve = createAuthResolver(db, t.database.changes);
    const first = await resolve(user.token);
    expect(first).toMatchObject({ userId: user.userId, customerId: user.customerId, isSuperAdmin: false });
    expect(first?.permissions.has(USER_PERMISSIONS.list)).toBe(true);
    expect(first?.dataScope).toEqual({ all: false, customerIds: [user.customerId], ownRowsOf: null });
    expect(await resolve(user.token)).toBe(first);
    expect(reads()).toBe(1);

    // A write to any table behind a caller, even one made by plain SQL, empties the cache.
    await t.database.sql.exec(`UPDATE roles SET sort = sort WHERE id = ${user.roleId}`);
    expect(await resolve(user.token)).toEqual(first);
    expect(reads()).toBe(2);
  });

  it('never keeps an unknown token, and reads it again each time', async () => {
    const { db, reads } = countingDb(t.database.db);
    const resolve = createAuthResolver(db, t.database.changes);
    expect(await resolve('not-a-token')).toBeNull();
    expect(await resolve('not-a-token')).toBeNull();
    expect(reads()).toBe(2);
  });

  it('gives the super administrator every permission and scope "all" from the one query', async () => {
    const resolve = createAuthResolver(t.database.db, t.database.changes);
    const context = await resolve(admin());
    expect(context).toMatchObject({ username: 'admin', isSuperAdmin: true, dataScope: { all: true } });
    expect([...(context?.permissions ?? [])]).toEqual(['*:*:*']);
  });

  it('every table the cache depends on has a change-feed trigger', async () => {
    const { rows } = await t.database.sql.query<{ table: string }>(
      `SELECT DISTINCT event_object_table AS table FROM information_schema.triggers
        WHERE action_statement LIKE '%ac_notify_change%'`,
    );
    // Besides, apps and jobs wake the app runtime and the scheduler of every instance.
    expect(rows.map((r) => r.table).sort()).toEqual([...AUTH_TABLES, 'apps', 'jobs'].sort());
  });

  it('recording a session’s activity does not empty the cache', async () => {
    const seen: string[] = [];
    const stop = t.database.changes.subscribe((table) => seen.push(table));
    try {
      await t.database.db.update(sessions).set({ lastSeenAt: new Date() });
      await t.database.db.execute(sql`UPDATE users SET remark = remark WHERE false`);
    } finally {
      stop();
    }
    expect(seen).toContain('users');
    expect(seen).not.toContain('sessions');
  });
});

describe('auth cache: its own rules', () => {
  const caller = (userId: number): CachedCaller => ({
    context: { userId } as AuthContext,
    expiresAt: Date.now() + 60_000,
    lastSeenAt: Date.now(),
  });

  it('keeps nothing and answers nothing while the feed is not live', () => {
    const feed = new ChangeFeed();
    const cache = new AuthCache(feed);
    cache.set('a', caller(1), cache.generation);
    expect(cache.size).toBe(0);
    feed.setLive(true);
    cache.set('a', caller(1), cache.generation);
    expect(cache.get('a', Date.now())?.context.userId).toBe(1);
    // Going down may have missed a change: what was held is dropped.
    feed.setLive(false);
    expect(cache.get('a', Date.now())).toBeUndefined();
    feed.setLive(true);
    expect(cache.get('a', Date.now())).toBeUndefined();
  });

  it('does not keep a caller read before a change that arrived while it was being read', () => {
    const feed = new ChangeFeed();
    feed.setLive(true);
    const cache = new AuthCache(feed);
    const before = cache.generation;
    feed.publish('role_menus');
    cache.set('a', caller(1), before);
    expect(cache.get('a', Date.now())).toBeUndefined();
  });

  it('ignores tables that do not decide a caller, and drops an expired session', () => {
    const feed = new ChangeFeed();
    feed.setLive(true);
    const cache = new AuthCache(feed);
    cache.set('a', { ...caller(1), expiresAt: Date.now() + 1000 }, cache.generation);
    feed.publish('posts');
    expect(cache.get('a', Date.now())).toBeDefined();
    expect(cache.get('a', Date.now() + 1000)).toBeUndefined();
  });
});

describe('auth cache: a change applies on the very next request', () => {
  it('a forced logout', async () => {
    const user = await cachedUser();
    const [session] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.userId));
    const out = await t.call('GET', `/api/v3/monitor/online/user/logout/${session?.id}`, { token: admin() });
    expect(out.body).toMatchObject({ code: '00000', data: { count: 1 } });
    expect(await codeOf(user.token)).toBe('A0301');
  });

  it('a password change ends the user’s other sessions', async () => {
    const user = await cachedUser();
    const other = await t.login(user.username, user.password);
    expect(await codeOf(other)).toBe('00000');
    const change = await t.call('POST', `/api/v3/system/user/password/update/${user.userId}`, {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'changed-pass-9', confirmPassword: 'changed-pass-9' },
    });
    expect(change.body.code).toBe('00000');
    expect(await codeOf(other)).toBe('A0301');
    expect(await codeOf(user.token)).toBe('00000');
  });

  it('a disabled user', async () => {
    const user = await cachedUser();
    const off = await t.call('POST', `/api/v3/system/user/status/${user.userId}`, {
      token: admin(),
      body: { enabled: false },
    });
    expect(off.body.code).toBe('00000');
    expect(await codeOf(user.token)).toBe('A0301');
  });

  it('a role losing a permission', async () => {
    const user = await cachedUser();
    const info = await t.call<{ menuIds: number[] }>('GET', `/api/v3/system/role/info/${user.roleId}`, {
      token: admin(),
    });
    const listMenus = await t.database.db
      .select({ id: menus.id })
      .from(menus)
      .innerJoin(roleMenus, and(eq(roleMenus.menuId, menus.id), eq(roleMenus.roleId, user.roleId)))
      .where(eq(menus.permission, USER_PERMISSIONS.list));
    const withdrawn = new Set(listMenus.map((m) => m.id));
    expect(withdrawn.size).toBeGreaterThan(0);
    expect(info.body.data.menuIds).toEqual(expect.arrayContaining([...withdrawn]));
    const update = await t.call('POST', `/api/v3/system/role/permission/update/${user.roleId}`, {
      token: admin(),
      body: { menuIds: info.body.data.menuIds.filter((id) => !withdrawn.has(id)) },
    });
    expect(update.body.code).toBe('00000');
    expect(await codeOf(user.token)).toBe('A0312');
  });

  it('a customer disabled', async () => {
    const user = await cachedUser();
    const dept = await t.call<{ id: number; name: string; parentId: number }[]>('GET', '/api/v3/system/dept/allList', {
      token: admin(),
    });
    const own = dept.body.data.find((d) => d.id === user.customerId);
    const off = await t.call('POST', `/api/v3/system/dept/update/${user.customerId}`, {
      token: admin(),
      body: { name: own?.name, parentId: own?.parentId, enabled: false },
    });
    expect(off.body.code).toBe('00000');
    expect(await codeOf(user.token)).toBe('A0301');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('a change made by another database session', async () => {
    const user = await cachedUser();
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('UPDATE users SET enabled = false WHERE id = $1', [user.userId]);
    } finally {
      await other.end();
    }
    // Another session's change arrives on this instance's listening connection, not with a reply.
    await expect.poll(() => codeOf(user.token)).toBe('A0301');
  });
});
