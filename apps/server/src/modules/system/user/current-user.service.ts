import type { CurrentUser, Language } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { customerNameOf } from '../customer/customer.repo';
import { rolesOfUser } from '../role/role.repo';
import { identityOf } from './profile.service';

export async function getCurrentUser(db: Db, auth: AuthContext, lang: Language): Promise<CurrentUser> {
  const [row] = await db
    .select({ user: users, customer: { id: users.customerId, name: customerNameOf(users.customerId, lang) } })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!row) throw new AppError('A0301');
  const roleRows = await rolesOfUser(db, auth.userId, lang);
  return { ...identityOf(row.user, row.customer), roles: roleRows, permissions: [...auth.permissions].sort() };
}
