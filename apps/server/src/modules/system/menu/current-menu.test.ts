import type { MenuRoute } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { flattenRoutes as flatten } from '@agent-console/server/test/fixtures/menu-routes';
import { registeredMemberToken } from '@agent-console/server/test/fixtures/users';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus, roles } from '../../../db/schema';

const { t, admin } = useAdminApp();
let staff: string;

beforeAll(async () => {
  staff = await registeredMemberToken(t, 'menu-staff');
});

const TREE = '/api/v3/system/menu/get/current/tree';
const ROUTER = '/api/v3/system/menu/get/current/router';

describe('GET current menu tree', () => {
  it('gives the super-admin every directory and menu, without buttons', async () => {
    const res = await t.call<MenuRoute[]>('GET', TREE, { token: admin() });
    expect(res.body.code).toBe('00000');
    const all = flatten(res.body.data);
    const names = all.map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['System', 'SystemUser', 'Monitor', 'UserSetting', 'GuideDoc']));
    expect(names.some((n) => n.includes(':'))).toBe(false);
    const system = res.body.data.find((n) => n.name === 'System');
    expect(system?.type).toBe('directory');
    const user = system?.children.find((n) => n.name === 'SystemUser');
    expect(user).toMatchObject({
      path: '/system/user',
      component: 'system/user/index',
      hidden: false,
      meta: { title: 'Users', auth: true, cache: true, icon: 'user', external: false },
      children: [],
    });
  });

  it('answers titles in the request language', async () => {
    const zh = await t.call<MenuRoute[]>('GET', TREE, { token: admin(), lang: 'zh-CN' });
    const ja = await t.call<MenuRoute[]>('GET', TREE, { token: admin(), lang: 'ja' });
    const cht = await t.call<MenuRoute[]>('GET', TREE, { token: admin(), lang: 'zh-TW' });
    expect(zh.body.data.find((n) => n.name === 'System')?.meta.title).toBe('系统管理');
    expect(ja.body.data.find((n) => n.name === 'System')?.meta.title).toBe('システム管理');
    expect(cht.body.data.find((n) => n.name === 'System')?.meta.title).toBe('系統管理');
  });

  it('gives a staff user only the menus of their roles, with the directories above them', async () => {
    const res = await t.call<MenuRoute[]>('GET', TREE, { token: staff });
    expect(res.body.code).toBe('00000');
    const names = flatten(res.body.data).map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['Chat', 'ChatAccount', 'Knowledge', 'KnowledgeQa', 'UserSetting']));
    expect(names).not.toContain('System');
    expect(names).not.toContain('SystemUser');
    expect(names).not.toContain('Monitor');
  });

  it('brings in the ancestors of a menu granted alone, and follows role changes at once', async () => {
    const [role] = await t.database.db.select().from(roles).where(eq(roles.key, 'staff'));
    const [menu] = await t.database.db.select().from(menus).where(eq(menus.name, 'MonitorOnline'));
    if (!role || !menu) throw new Error('seed missing');
    await t.database.db.insert(roleMenus).values({ roleId: role.id, menuId: menu.id });
    try {
      const res = await t.call<MenuRoute[]>('GET', TREE, { token: staff });
      const monitor = res.body.data.find((n) => n.name === 'Monitor');
      expect(monitor?.children.map((c) => c.name)).toEqual(['MonitorOnline']);
    } finally {
      await t.database.db.delete(roleMenus).where(eq(roleMenus.menuId, menu.id));
    }
  });

  it('leaves out disabled menus and everything under a disabled directory', async () => {
    await t.database.db.update(menus).set({ enabled: false }).where(eq(menus.name, 'Monitor'));
    await t.database.db.update(menus).set({ enabled: false }).where(eq(menus.name, 'SystemDict'));
    try {
      const res = await t.call<MenuRoute[]>('GET', TREE, { token: admin() });
      const names = flatten(res.body.data).map((n) => n.name);
      expect(names).not.toContain('Monitor');
      expect(names).not.toContain('MonitorOnline');
      expect(names).not.toContain('SystemDict');
      expect(names).toContain('SystemUser');
    } finally {
      await t.database.db.update(menus).set({ enabled: true }).where(eq(menus.name, 'Monitor'));
      await t.database.db.update(menus).set({ enabled: true }).where(eq(menus.name, 'SystemDict'));
    }
  });

  it('marks an http(s) link as external', async () => {
    await t.database.db.update(menus).set({ path: 'https://example.com/doc' }).where(eq(menus.name, 'GuideDoc'));
    try {
      const res = await t.call<MenuRoute[]>('GET', TREE, { token: admin() });
      const doc = flatten(res.body.data).find((n) => n.name === 'GuideDoc');
      expect(doc?.meta.external).toBe(true);
      expect(doc?.path).toBe('https://example.com/doc');
    } finally {
      await t.database.db.update(menus).set({ path: '/guide/doc' }).where(eq(menus.name, 'GuideDoc'));
    }
  });

  it('refuses an anonymous caller with A0301', async () => {
    const res = await t.call('GET', TREE);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('A0301');
  });

  it('answers a role without menus with an empty tree', async () => {
    const [role] = await t.database.db.select().from(roles).where(eq(roles.key, 'staff'));
    if (!role) throw new Error('seed missing');
    await t.database.db.update(roles).set({ enabled: false }).where(eq(roles.id, role.id));
    try {
      const res = await t.call<MenuRoute[]>('GET', TREE, { token: staff });
      expect(res.body.code).toBe('00000');
      expect(res.body.data).toEqual([]);
    } finally {
      await t.database.db.update(roles).set({ enabled: true }).where(eq(roles.id, role.id));
    }
  });
});

describe('GET current router', () => {
  it('lists every page the user may open, flat, hidden ones included', async () => {
    await t.database.db.update(menus).set({ hidden: true }).where(eq(menus.name, 'GuideUser'));
    try {
      const res = await t.call<MenuRoute[]>('GET', ROUTER, { token: staff, lang: 'en' });
      expect(res.body.code).toBe('00000');
      const list = res.body.data;
      expect(list.every((r) => r.type === 'menu' && r.children.length === 0)).toBe(true);
      expect(list.find((r) => r.name === 'GuideUser')).toMatchObject({ hidden: true, path: '/guide/user' });
      expect(list.find((r) => r.name === 'UserSetting')).toMatchObject({
        path: '/boot/admin/system/user/setting',
        component: 'system/user/setting',
        meta: { title: 'User settings', auth: true },
      });
      expect(list.map((r) => r.name)).not.toContain('SystemUser');
    } finally {
      await t.database.db.update(menus).set({ hidden: false }).where(eq(menus.name, 'GuideUser'));
    }
  });

  it('gives the super-admin the system pages', async () => {
    const res = await t.call<MenuRoute[]>('GET', ROUTER, { token: admin() });
    expect(res.body.data.map((r) => r.component)).toEqual(
      expect.arrayContaining(['system/user/index', 'system/menu/index', 'monitor/online/index']),
    );
  });

  it('refuses an anonymous caller and a bad token with A0301', async () => {
    expect((await t.call('GET', ROUTER)).body.code).toBe('A0301');
    expect((await t.call('GET', ROUTER, { token: 'x'.repeat(10_000) })).body.code).toBe('A0301');
  });
});
