import { isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { customers, menus } from '../../db/schema';

/** Builders for the system-module tests: customers, roles and users made through the API itself. */
export function fixtures(t: TestApp, adminToken: () => string) {
  let n = 0;
  const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;

  async function ok<T>(method: 'GET' | 'POST', url: string, body?: unknown, token = adminToken()): Promise<T> {
    const res = await t.call<T>(method, url, { token, ...(body === undefined ? {} : { body }) });
    expect(res.body, `${method} ${url}`).toMatchObject({ code: '00000' });
    return res.body.data;
  }

  async function rootId(): Promise<number> {
    const [root] = await t.database.db.select({ id: customers.id }).from(customers).where(isNull(customers.parentId));
    if (!root) throw new Error('no root customer');
    return root.id;
  }

  async function customer(name = unique('Cust'), parentId?: number): Promise<number> {
    const created = await ok<{ id: number }>('POST', '/api/v3/system/dept/save', {
      parentId: parentId ?? (await rootId()),
      name,
    });
    return created.id;
  }

  /**
   * Menu ids holding exactly these permission codes, plus the directories above them (which carry
   * no code), so a role gets what it is given and nothing more.
   */
  async function menuIds(codes: string[]): Promise<number[]> {
    if (!codes.length) return [];
    const all = await t.database.db
      .select({ id: menus.id, parentId: menus.parentId, permission: menus.permission })
      .from(menus);
    const byId = new Map(all.map((m) => [m.id, m]));
    const ids = new Set<number>();
    for (const m of all) {
      if (!m.permission || !codes.includes(m.permission)) continue;
      ids.add(m.id);
      for (
        let p = m.parentId ? byId.get(m.parentId) : undefined;
        p && !p.permission;
        p = p.parentId ? byId.get(p.parentId) : undefined
      ) {
        ids.add(p.id);
      }
    }
    return [...ids];
  }

  async function role(opts: {
    codes: string[];
    dataScope?: number;
    customerId?: number | null;
    customerIds?: number[];
  }) {
    const created = await ok<{ id: number }>('POST', '/api/v3/system/role/save', {
      name: unique('Role'),
      key: unique('role_'),
      dataScope: opts.dataScope ?? 3,
      customerIds: opts.customerIds ?? [],
      ...(opts.customerId === undefined ? {} : { customerId: opts.customerId }),
    });
    await ok('POST', `/api/v3/system/role/permission/update/${created.id}`, { menuIds: await menuIds(opts.codes) });
    return created.id;
  }

  async function user(opts: { customerId: number; roleIds?: number[] }) {
    const username = unique('u');
    const password = 'secret-123';
    const created = await ok<{ id: number }>('POST', '/api/v3/system/user/save', {
      customerId: opts.customerId,
      username,
      nickName: username,
      password,
      roleIds: opts.roleIds ?? [],
    });
    return { id: created.id, username, password, token: () => t.login(username, password) };
  }

  /** A signed-in user of a fresh customer holding exactly these permission codes. */
  async function member(codes: string[], dataScope = 3, customerId?: number) {
    const cid = customerId ?? (await customer());
    const roleId = await role({ codes, dataScope, customerId: cid });
    const u = await user({ customerId: cid, roleIds: [roleId] });
    return { ...u, customerId: cid, roleId, token: await u.token() };
  }

  return { ok, unique, rootId, customer, role, user, member, menuIds };
}
