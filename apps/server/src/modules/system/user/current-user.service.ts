import type { CurrentUser, Language } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userRoles, users } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { customerNameOf } from '../customer/customer.repo';
import { roleNamesToJoin } from '../role/role.repo';
import { identityOf } from './profile.service';

export async function getCurrentUser(db: Db, auth: AuthContext, lang: Language): Promise<CurrentUser> {
  const [row] = await db
    .select({ user: users, customer: { id: users.customerId, name: customerNameOf(users.customerId, lang) } })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!row) throw new AppError('A0301');
  const role = roleNamesToJoin(lang);
  const roleRows = await db
    .select({ id: role.id, key: role.key, name: role.name })
    .from(userRoles)
    .innerJoin(role, eq(role.id, userRoles.roleId))
    .where(eq(userRoles.userId, auth.userId))
    .orderBy(role.sort);
  return { ...identityOf(row.user, row.customer), roles: roleRows, permissions: [...auth.permissions].sort() };
}
