import type { CurrentUser } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, roles, userRoles, users } from '../../db/schema';
import type { AuthContext } from '../../http/request-context';
import { AppError } from '../../lib/app-error';

export async function getCurrentUser(db: Db, auth: AuthContext): Promise<CurrentUser> {
  const [row] = await db
    .select({ user: users, customer: { id: customers.id, name: customers.name } })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, auth.userId));
  if (!row) throw new AppError('A0301');
  const roleRows = await db
    .select({ id: roles.id, key: roles.key, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, auth.userId))
    .orderBy(roles.sort);
  const { user } = row;
  return {
    id: user.id,
    username: user.username,
    nickName: user.nickName,
    phone: user.phone,
    email: user.email,
    gender: user.gender,
    avatar: user.avatar,
    customer: row.customer,
    roles: roleRows,
    permissions: [...auth.permissions].sort(),
    createdAt: user.createdAt.toISOString(),
  };
}
