import { like } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import { customers, menus, roleMenus, roles, userRoles, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';

export const BRANCH_PASSWORD = 'branch-pass-1';

/**
 * A second customer with a user whose role sees only its own customer (data scope 3) but holds
 * every monitoring permission: the caller of the cross-customer tests.
 */
export async function createBranchMonitor(t: TestApp, name: string): Promise<{ customerId: number; username: string }> {
  const { db } = t.database;
  const [customer] = await db
    .insert(customers)
    .values({ name, parentId: 1, ancestors: [1] })
    .returning({ id: customers.id });
  if (!customer) throw new Error('customer not created');
  const [role] = await db
    .insert(roles)
    .values({ name: `${name} monitor`, key: `${name.toLowerCase().replace(/\W/g, '')}_monitor`, dataScope: 3 })
    .returning({ id: roles.id });
  if (!role) throw new Error('role not created');
  const buttons = await db.select({ id: menus.id }).from(menus).where(like(menus.permission, 'monitor:%'));
  if (buttons.length) await db.insert(roleMenus).values(buttons.map((b) => ({ roleId: role.id, menuId: b.id })));
  const username = `${name.toLowerCase().replace(/\W/g, '')}user`;
  const [user] = await db
    .insert(users)
    .values({
      customerId: customer.id,
      username,
      nickName: username,
      passwordHash: await hashPassword(BRANCH_PASSWORD),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return { customerId: customer.id, username };
}

/** A user of the given customer with no role at all: signed in, allowed nothing. */
export async function createPlainUser(t: TestApp, customerId: number, username: string): Promise<void> {
  await t.database.db
    .insert(users)
    .values({ customerId, username, nickName: username, passwordHash: await hashPassword(BRANCH_PASSWORD) });
}
