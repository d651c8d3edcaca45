import {
  AI_PERMISSION_SCREEN_PERMISSIONS,
  DICT_PERMISSIONS,
  fieldLabel,
  MENU_PERMISSIONS,
  ROLE_PERMISSIONS,
  USER_PERMISSIONS,
} from '@agent-console/contracts';
import { POST_PERMISSIONS } from '@agent-console/contracts/system-post';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menus, roles } from '../db/schema';

/**
 * Issue 11, items 2, 4 and 5: ways a customer administrator could widen their own power.
 * Each case is refused, and the stored rows stay as they were.
 */
const { t, admin, f } = useAdminApp();

const M = MENU_PERMISSIONS;

async function buttonOf(code: string) {
  const [row] = await t.database.db
    .select()
    .from(menus)
    .where(and(eq(menus.permission, code), eq(menus.type, 'button')));
  if (!row) throw new Error(`no button ${code}`);
  return row;
}

/** The body of /system/menu/update for a stored menu row, with some fields replaced. */
function menuBody(row: typeof menus.$inferSelect, change: Record<string, unknown>) {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return { ...fields, ...change };
}

async function info(token: string) {
  const res = await t.call<{ permissions: string[] }>('GET', '/api/v3/system/user/info', { token });
  expect(res.body.code).toBe('00000');
  return res.body.data;
}

describe('a menu permission cannot make anyone super admin (item 2)', () => {
  it('refuses a wildcard permission on save, for any caller', async () => {
    const button = await buttonOf(POST_PERMISSIONS.list);
    for (const permission of ['*:*:*', 'system:*:*', '*', 'system:user:*']) {
      const res = await t.call('POST', `/api/v3/system/menu/update/${button.id}`, {
        token: admin(),
        body: menuBody(button, { permission }),
      });
      expect(res.body.code, permission).toBe('A0400');
      expect(res.body.message, permission).toContain(fieldLabel('permission', 'en'));
    }
    expect((await buttonOf(POST_PERMISSIONS.list)).permission).toBe(POST_PERMISSIONS.list);
  });

  it('never honours a wildcard that is already stored in a menu row', async () => {
    const member = await f.member([POST_PERMISSIONS.list], 1);
    const button = await buttonOf(POST_PERMISSIONS.list);
    await t.database.db.update(menus).set({ permission: '*:*:*' }).where(eq(menus.id, button.id));
    try {
      const me = await info(member.token);
      expect(me.permissions).not.toContain('*:*:*');
      const res = await t.call('POST', '/api/v3/system/role/page', { token: member.token, body: {} });
      expect(res.body.code).toBe('A0312');
      const tree = await t.call('GET', '/api/v3/system/menu/tree', { token: member.token });
      expect(tree.body.code).toBe('A0312');
    } finally {
      await t.database.db.update(menus).set({ permission: POST_PERMISSIONS.list }).where(eq(menus.id, button.id));
    }
  });

  it('lets a menu editor write only codes they hold, even with scope "all"', async () => {
    const editor = await f.member([M.list, M.edit, POST_PERMISSIONS.list, POST_PERMISSIONS.add], 1);
    const button = await buttonOf(POST_PERMISSIONS.list);
    const grab = await t.call('POST', `/api/v3/system/menu/update/${button.id}`, {
      token: editor.token,
      body: menuBody(button, { permission: ROLE_PERMISSIONS.remove }),
    });
    expect(grab.body.code).toBe('A0312');
    expect(grab.body.message).toContain(fieldLabel('permission', 'en'));
    expect((await buttonOf(POST_PERMISSIONS.list)).permission).toBe(POST_PERMISSIONS.list);
    expect(await info(editor.token)).not.toMatchObject({
      permissions: expect.arrayContaining([ROLE_PERMISSIONS.remove]),
    });

    // A button whose code the editor does not hold cannot be relabelled to one they do.
    const foreign = await buttonOf(ROLE_PERMISSIONS.remove);
    const relabel = await t.call('POST', `/api/v3/system/menu/update/${foreign.id}`, {
      token: editor.token,
      body: menuBody(foreign, { permission: POST_PERMISSIONS.add }),
    });
    expect(relabel.body.code).toBe('A0312');

    // Changing other fields of a button they hold is fine.
    const ok = await t.call('POST', `/api/v3/system/menu/update/${button.id}`, {
      token: editor.token,
      body: menuBody(button, { sort: button.sort + 1 }),
    });
    expect(ok.body.code).toBe('00000');
  });

  it('the permission-config screen follows the same rule', async () => {
    const editor = await f.member([M.add, AI_PERMISSION_SCREEN_PERMISSIONS.view, POST_PERMISSIONS.list], 1);
    const page = await buttonOf(POST_PERMISSIONS.list);
    const res = await t.call('POST', '/api/v3/permission/save', {
      token: editor.token,
      body: { menuId: page.parentId, titles: { en: 'Grab', 'zh-chs': '', 'zh-cht': '', ja: '' }, permission: 'x:y:z' },
    });
    expect(res.body.code).toBe('A0312');
  });
});

describe('a role cannot reach beyond its creator (item 4)', () => {
  it('a scope-3 administrator cannot widen a role, even their own, to "own customer and below"', async () => {
    const parent = await f.customer();
    await f.customer(f.unique('Child '), parent);
    const codes = [ROLE_PERMISSIONS.list, ROLE_PERMISSIONS.add, ROLE_PERMISSIONS.edit];
    const member = await f.member(codes, 3, parent);
    const own = await t.call<{ name: string; key: string; sort: number; menuIds: number[] }>(
      'GET',
      `/api/v3/system/role/info/${member.roleId}`,
      { token: admin() },
    );
    const widen = await t.call('POST', `/api/v3/system/role/update/${member.roleId}`, {
      token: member.token,
      body: { name: own.body.data.name, key: own.body.data.key, dataScope: 4, customerIds: [] },
    });
    expect(widen.body.code).toBe('A0312');
    expect(widen.body.message).toContain(fieldLabel('dataScope', 'en'));
    const create = await t.call('POST', '/api/v3/system/role/save', {
      token: member.token,
      body: { name: f.unique('Wide'), key: f.unique('wide_'), dataScope: 4, customerIds: [] },
    });
    expect(create.body.code).toBe('A0312');
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, member.roleId));
    expect(row?.dataScope).toBe(3);
  });

  it('nor hand a user a wider role that someone else made', async () => {
    const parent = await f.customer();
    await f.customer(f.unique('Child '), parent);
    const wide = await f.role({ codes: [], dataScope: 4, customerId: parent });
    const member = await f.member([USER_PERMISSIONS.list, USER_PERMISSIONS.add, USER_PERMISSIONS.edit], 3, parent);
    const username = f.unique('u');
    const res = await t.call('POST', '/api/v3/system/user/save', {
      token: member.token,
      body: { customerId: parent, username, nickName: username, password: 'Pale-Lantern-42', roleIds: [wide] },
    });
    expect(res.body.code).toBe('A0312');
    expect(res.body.message).toContain(fieldLabel('roleIds', 'en'));
  });

  it('a scope-4 administrator may make scope-4 roles in their own subtree', async () => {
    const parent = await f.customer();
    const child = await f.customer(f.unique('Child '), parent);
    const member = await f.member([ROLE_PERMISSIONS.list, ROLE_PERMISSIONS.add], 4, parent);
    const create = await t.call('POST', '/api/v3/system/role/save', {
      token: member.token,
      body: { name: f.unique('Sub'), key: f.unique('sub_'), dataScope: 4, customerIds: [], customerId: child },
    });
    expect(create.body.code).toBe('00000');
  });
});

describe('shared objects are changed only with scope "all" (item 5)', () => {
  it('a customer administrator holding every menu and dictionary permission changes neither', async () => {
    const D = DICT_PERMISSIONS;
    const member = await f.member([M.list, M.add, M.edit, M.remove, D.list, D.add, D.edit, D.remove], 3);
    const button = await buttonOf(POST_PERMISSIONS.list);
    const attempts: [string, string, unknown][] = [
      ['POST', `/api/v3/system/menu/update/${button.id}`, menuBody(button, { sort: 7 })],
      ['POST', '/api/v3/system/menu/save', menuBody(button, { name: f.unique('m'), permission: null })],
      ['GET', `/api/v3/system/menu/delete/${button.id}`, undefined],
      ['POST', '/api/v3/system/dict/save', { name: 'Hijack', type: f.unique('hijack_') }],
      ['GET', '/api/v3/system/dict/cache/update', undefined],
    ];
    for (const [method, url, body] of attempts) {
      const res = await t.call(method as 'GET' | 'POST', url, { token: member.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0312');
    }
    expect((await buttonOf(POST_PERMISSIONS.list)).sort).toBe(button.sort);
    // Reading stays open to them.
    expect((await t.call('GET', '/api/v3/system/menu/tree', { token: member.token })).body.code).toBe('00000');
  });
});
