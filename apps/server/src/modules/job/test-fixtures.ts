import { inArray } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import { customers, menus, roleMenus, roles, userRoles, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';

export interface ScopedUser {
  token: string;
  userId: number;
  customerId: number;
}

let counter = 0;

/**
 * A user in a new customer under the root, whose only role has data scope 3 (own customer) and
 * exactly the given permission codes: the caller the scope and permission tests need.
 */
export async function createScopedUser(t: TestApp, permissions: string[]): Promise<ScopedUser> {
  const { db } = t.database;
  counter++;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const [root] = await db.select().from(customers).limit(1);
  if (!root) throw new Error('no root customer');
  const [customer] = await db
    .insert(customers)
    .values({ name: `Customer ${suffix}`, parentId: root.id, ancestors: [root.id] })
    .returning();
  const [role] = await db
    .insert(roles)
    .values({ name: `Role ${suffix}`, key: `role_${suffix}`, dataScope: 3 })
    .returning();
  if (!customer || !role) throw new Error('fixture insert failed');
  if (permissions.length) {
    const menuRows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.permission, permissions));
    if (menuRows.length) await db.insert(roleMenus).values(menuRows.map((m) => ({ roleId: role.id, menuId: m.id })));
  }
  const password = 'fixture-password-1';
  const [user] = await db
    .insert(users)
    .values({
      customerId: customer.id,
      username: `u_${suffix}`,
      nickName: `User ${suffix}`,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('fixture user insert failed');
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return { token: await t.login(user.username, password), userId: user.id, customerId: customer.id };
}
