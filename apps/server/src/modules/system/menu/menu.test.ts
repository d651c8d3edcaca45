import { ROLE_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { expectRefusedSave } from '@agent-console/server/test/fixtures/refused-save';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menus } from '../../../db/schema';

const { t, admin, f } = useAdminApp();

const M = '/api/v3/system/menu';
const titles = (en: string) => ({ en, 'zh-chs': `${en}（中）`, 'zh-cht': `${en}（繁）`, ja: `${en}（日）` });
const menuRow = async (id: number) => (await t.database.db.select().from(menus).where(eq(menus.id, id)))[0];
type Node = { id: number; name: string; children: Node[] };
const find = (nodes: Node[], name: string): Node | undefined => {
  for (const n of nodes) {
    if (n.name === name) return n;
    const hit = find(n.children, name);
    if (hit) return hit;
  }
  return undefined;
};

describe('menus', () => {
  it('creates a directory, a page and a button, shows them in the tree, changes and deletes them', async () => {
    const dir = await f.ok<{ id: number }>('POST', `${M}/save`, {
      type: 'directory',
      name: 'Reports',
      titles: titles('Reports'),
      path: '/reports',
      icon: 'bar-chart',
    });
    const page = await f.ok<{ id: number }>('POST', `${M}/save`, {
      parentId: dir.id,
      type: 'menu',
      name: 'ReportsDaily',
      titles: titles('Daily'),
      path: '/reports/daily',
      component: 'reports/daily/index',
      permission: 'reports:daily:list',
      cache: true,
      hidden: false,
    });
    const button = await f.ok<{ id: number; path: string | null }>('POST', `${M}/save`, {
      parentId: page.id,
      type: 'button',
      name: 'ReportsDaily:export',
      titles: titles('Export'),
      permission: 'reports:daily:export',
      path: '/ignored',
    });
    expect(button.path).toBeNull();
    const tree = await f.ok<Node[]>('GET', `${M}/tree`);
    expect(find(tree, 'Reports')?.children[0]?.children[0]?.name).toBe('ReportsDaily:export');
    const filtered = await f.ok<Node[]>('GET', `${M}/tree?title=daily`);
    expect(filtered.map((n) => n.name)).toEqual(['Reports']);
    // Signed-in shells compare this version to learn that menus changed (the forced route reload).
    const version = async () => (await f.ok<{ menusVersion: string }>('GET', `${M}/update/current`)).menusVersion;
    const before = await version();
    await f.ok('POST', `${M}/update/${page.id}`, {
      parentId: dir.id,
      type: 'menu',
      name: 'ReportsDaily',
      titles: titles('Daily report'),
      path: '/reports/daily',
      component: 'reports/daily/index',
      sort: 5,
    });
    expect((await menuRow(page.id))?.titles.en).toBe('Daily report');
    const edited = await version();
    expect(edited).not.toBe(before);
    await f.ok('GET', `${M}/delete/${button.id}`);
    await f.ok('GET', `${M}/delete/${page.id}`);
    await f.ok('GET', `${M}/delete/${dir.id}`);
    expect(await menuRow(dir.id)).toBeUndefined();
    expect(await version()).not.toBe(edited);
  });

  it('keeps route name and path unique', async () => {
    const name = await t.call('POST', `${M}/save`, {
      token: admin(),
      body: { type: 'directory', name: 'system', titles: titles('x'), path: '/x1' },
    });
    expect(name.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'name' }] } });
    const path = await t.call('POST', `${M}/save`, {
      token: admin(),
      body: { type: 'directory', name: 'Other', titles: titles('x'), path: '/system' },
    });
    expect(path.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'path' }] } });
  });

  it('accepts only http(s) external links', async () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,<script>', '//evil.example', 'ftp://x']) {
      const res = await t.call('POST', `${M}/save`, {
        token: admin(),
        body: { type: 'menu', name: f.unique('Ext'), titles: titles('Ext'), path: link, external: true },
      });
      expect(res.body, link).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'path' }] } });
    }
    await f.ok('POST', `${M}/save`, {
      type: 'menu',
      name: 'Docs',
      titles: titles('Docs'),
      path: 'https://example.com/docs',
      external: true,
    });
  });

  it('refuses to delete a menu with children or one assigned to a role, and a cycle', async () => {
    const [system] = await t.database.db.select().from(menus).where(eq(menus.name, 'System'));
    const [user] = await t.database.db.select().from(menus).where(eq(menus.name, 'SystemUser'));
    expect((await t.call('GET', `${M}/delete/${system?.id}`, { token: admin() })).body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ reason: 'hasChildren' }] },
    });
    const lone = await f.ok<{ id: number }>('POST', `${M}/save`, {
      type: 'directory',
      name: 'Lone',
      titles: titles('Lone'),
      path: '/lone',
    });
    await f
      .role({ codes: [], customerId: await f.customer() })
      .then((roleId) => f.ok('POST', `/api/v3/system/role/permission/update/${roleId}`, { menuIds: [lone.id] }));
    expect((await t.call('GET', `${M}/delete/${lone.id}`, { token: admin() })).body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ reason: 'inUse' }] },
    });
    const cycle = await t.call('POST', `${M}/update/${system?.id}`, {
      token: admin(),
      body: { parentId: user?.id, type: 'directory', name: 'System', titles: titles('System'), path: '/system' },
    });
    expect(cycle.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'parentId', reason: 'cycle' }] } });
  });

  it('gives the permission tree: everything to a super admin, only held menus to others', async () => {
    const all = await f.ok<Node[]>('GET', `${M}/permission/tree`);
    expect(all.length).toBeGreaterThan(5);
    const m = await f.member([ROLE_PERMISSIONS.list, ROLE_PERMISSIONS.edit]);
    const mine = await f.ok<{ id: number; children: unknown[] }[]>('GET', `${M}/permission/tree`, undefined, m.token);
    const ids = (await f.menuIds([ROLE_PERMISSIONS.list, ROLE_PERMISSIONS.edit])).sort();
    const flat: number[] = [];
    const walk = (ns: { id: number; children: unknown[] }[]) => {
      for (const n of ns) {
        flat.push(n.id);
        walk(n.children as { id: number; children: unknown[] }[]);
      }
    };
    walk(mine);
    expect(flat.sort()).toEqual(ids);
    const current = await f.ok<{ permissions: string[] }>('GET', `${M}/update/current`, undefined, m.token);
    expect(current.permissions.sort()).toEqual([ROLE_PERMISSIONS.edit, ROLE_PERMISSIONS.list].sort());
  });

  it('answers A0312 without the permission', async () => {
    const m = await f.member([]);
    for (const [method, url, body] of [
      ['GET', `${M}/tree`, undefined],
      ['GET', `${M}/permission/tree`, undefined],
      ['POST', `${M}/save`, {}],
      ['POST', `${M}/update/1`, {}],
      ['GET', `${M}/delete/1`, undefined],
    ] as const) {
      expect((await t.call(method, url, { token: m.token, ...(body ? { body } : {}) })).body.code, url).toBe('A0312');
    }
  });
});

describe('menu input', () => {
  it.each([
    [{ name: 'N', titles: titles('x') }, 'A0400', 'type'],
    [{ type: 'widget', name: 'N', titles: titles('x') }, 'A0400', 'type'],
    [{ type: 'directory', titles: titles('x') }, 'A0410', 'name'],
    [{ type: 'directory', name: 'N', titles: { ...titles('x'), en: 'x'.repeat(10_000) } }, 'A0420', 'titles.en'],
    [{ type: 'menu', name: 'N', titles: titles('x') }, 'A0410', 'path'],
    [{ type: 'menu', name: 'N', titles: titles('x'), path: '/n', component: '../../etc/passwd' }, 'A0400', 'component'],
    [{ type: 'button', name: 'N', titles: titles('x') }, 'A0410', 'parentId'],
  ])('rejects %j with %s naming %s', async (body, code, field) => {
    await expectRefusedSave(t, { url: `${M}/save`, token: admin(), body, table: menus }, code, field);
  });

  it('stores a script-like title as plain text', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    const row = await f.ok<{ id: number }>('POST', `${M}/save`, {
      type: 'directory',
      name: 'Xss',
      titles: titles(xss),
      path: '/xss',
    });
    expect((await menuRow(row.id))?.titles.en).toBe(xss);
  });
});
