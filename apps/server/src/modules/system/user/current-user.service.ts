import type { CurrentUser, Language } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import { customerName, roleName } from '../../../db/builtin-names';
import type { Db } from '../../../db/client';
import { customers, roles, userRoles, users } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { identityOf } from './profile.service';

export async function getCurrentUser(db: Db, auth: AuthContext, lang: Language): Promise<CurrentUser> {
  const [row] = await db
    .select({ user: users, customer: { id: customers.id, name: customerName(lang) } })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, auth.userId));
  if (!row) throw new AppError('A0301');
  const roleRows = await db
    .select({ id: roles.id, key: roles.key, name: roleName(lang) })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, auth.userId))
    .orderBy(roles.sort);
  return { ...identityOf(row.user, row.customer), roles: roleRows, permissions: [...auth.permissions].sort() };
}
