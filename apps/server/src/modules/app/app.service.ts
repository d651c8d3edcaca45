import type { AppOption } from '@agent-console/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps } from '../../db/schema';
import { scopeCondition } from '../../http/data-scope';
import type { AuthContext } from '../../http/request-context';

/** The apps a caller may pick, optionally of one customer, by name. */
export async function listAppOptions(db: Db, auth: AuthContext, customerId?: number): Promise<AppOption[]> {
  const rows = await db
    .select({ id: apps.id, name: apps.name, code: apps.code, customerId: apps.customerId, status: apps.status })
    .from(apps)
    .where(and(scopeCondition(auth, apps.customerId), customerId ? eq(apps.customerId, customerId) : undefined))
    .orderBy(asc(apps.name), asc(apps.id));
  return rows.map((row) => ({ ...row, status: row.status as AppOption['status'] }));
}
