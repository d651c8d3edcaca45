import {
  AI_PERMISSION_SCREEN_PERMISSIONS,
  fieldLabel,
  MENU_PERMISSIONS,
  USER_PERMISSIONS,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { menus } from '../../../db/schema';

const { t, admin, f } = useAdminApp();
let userMenuId: number;

beforeAll(async () => {
  const [row] = await t.database.db.select().from(menus).where(eq(menus.name, 'SystemUser'));
  userMenuId = row?.id ?? 0;
});

const titles = (en: string) => ({ en, 'zh-chs': `${en}中`, 'zh-cht': `${en}繁`, ja: `${en}日` });
type Page = { list: { id: number; permission: string; title: string }[]; total: number };

describe('permission calls', () => {
  it('pages the buttons of a menu in the caller’s language and filters them', async () => {
    const page = await f.ok<Page>('POST', `/api/v3/permission/menu/page/${userMenuId}`, {
      orderBy: { field: 'permission', direction: 'asc' },
    });
    expect(page.list.map((p) => p.permission)).toEqual([...Object.values(USER_PERMISSIONS)].sort());
    const zh = await t.call<Page>('POST', `/api/v3/permission/menu/page/${userMenuId}`, {
      token: admin(),
      lang: 'zh-CN',
      body: { permission: 'resetPwd' },
    });
    expect(zh.body.data.list.map((p) => p.title)).toEqual(['重置密码']);
  });

  it('adds, changes and deletes a button permission; a held one cannot be deleted', async () => {
    const created = await f.ok<{ id: number; permission: string }>('POST', '/api/v3/permission/save', {
      menuId: userMenuId,
      titles: titles('Import'),
      permission: 'system:user:import',
    });
    const dup = await t.call('POST', '/api/v3/permission/save', {
      token: admin(),
      body: { menuId: userMenuId, titles: titles('Again'), permission: 'system:user:import' },
    });
    expect(dup.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'permission' }] } });
    await f.ok('POST', `/api/v3/permission/update/${created.id}`, {
      menuId: userMenuId,
      titles: titles('Bulk import'),
      permission: 'system:user:bulk',
    });
    expect((await t.database.db.select().from(menus).where(eq(menus.id, created.id)))[0]).toMatchObject({
      permission: 'system:user:bulk',
      type: 'button',
    });
    const roleId = await f.role({ codes: ['system:user:bulk'], customerId: await f.customer() });
    expect(roleId).toBeGreaterThan(0);
    const held = await t.call('GET', `/api/v3/permission/delete/${created.id}`, { token: admin() });
    expect(held.body).toMatchObject({ code: 'A0440', data: { fields: [{ reason: 'inUse' }] } });
    const free = await f.ok<{ id: number }>('POST', '/api/v3/permission/save', {
      menuId: userMenuId,
      titles: titles('Free'),
      permission: 'system:user:free',
    });
    await f.ok('GET', `/api/v3/permission/delete/${free.id}`);
    expect((await t.database.db.select().from(menus).where(eq(menus.id, free.id))).length).toBe(0);
  });

  it('refuses a directory as the menu, and a non-button id', async () => {
    const [dir] = await t.database.db.select().from(menus).where(eq(menus.name, 'System'));
    const res = await t.call('POST', '/api/v3/permission/save', {
      token: admin(),
      body: { menuId: dir?.id, titles: titles('x'), permission: 'a:b' },
    });
    expect(res.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'menuId' }] } });
    expect((await t.call('GET', `/api/v3/permission/delete/${userMenuId}`, { token: admin() })).body.code).toBe(
      'A0404',
    );
  });

  it('answers A0312 without the permission, and lets a viewer read but not write', async () => {
    const none = await f.member([]);
    // Writes need the menu codes: buttons are menu rows shared by every customer.
    const viewer = await f.member([AI_PERMISSION_SCREEN_PERMISSIONS.view, MENU_PERMISSIONS.list]);
    const body = { menuId: userMenuId, titles: titles('x'), permission: 'a:b' };
    expect(
      (await t.call('POST', `/api/v3/permission/menu/page/${userMenuId}`, { token: none.token, body: {} })).body.code,
    ).toBe('A0312');
    expect(
      (await t.call('POST', `/api/v3/permission/menu/page/${userMenuId}`, { token: viewer.token, body: {} })).body.code,
    ).toBe('00000');
    for (const [method, url, b] of [
      ['POST', '/api/v3/permission/save', body],
      ['POST', '/api/v3/permission/update/1', body],
      ['GET', '/api/v3/permission/delete/1', undefined],
    ] as const) {
      expect((await t.call(method, url, { token: viewer.token, ...(b ? { body: b } : {}) })).body.code, url).toBe(
        'A0312',
      );
    }
  });

  it.each([
    [{ menuId: 1, titles: titles('x') }, 'A0410', 'permission'],
    [{ menuId: 1, titles: titles('x'), permission: 'no spaces allowed' }, 'A0400', 'permission'],
    [{ menuId: 1, titles: titles('x'), permission: 'a:'.repeat(5000) }, 'A0420', 'permission'],
    [{ menuId: 'x', titles: titles('x'), permission: 'a:b' }, 'A0400', 'menuId'],
    [{ menuId: 1, titles: { en: '' }, permission: 'a:b' }, 'A0410', 'titles.en'],
  ])('rejects %j with %s naming %s', async (body, code, field) => {
    const res = await t.call('POST', '/api/v3/permission/save', { token: admin(), body });
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
  });
});

describe('permission menu tree', () => {
  it('lists directories and menus without buttons, for viewers only', async () => {
    const tree = await f.ok<{ id: number; type: string; children: { type: string; children: unknown[] }[] }[]>(
      'GET',
      '/api/v3/permission/menu/tree',
    );
    const types = new Set<string>();
    const walk = (ns: { type: string; children: unknown[] }[]) => {
      for (const n of ns) {
        types.add(n.type);
        walk(n.children as { type: string; children: unknown[] }[]);
      }
    };
    walk(tree);
    expect([...types].sort()).toEqual(['directory', 'menu']);
    const none = await f.member([]);
    expect((await t.call('GET', '/api/v3/permission/menu/tree', { token: none.token })).body.code).toBe('A0312');
  });
});
