import type { Language } from '@agent-console/contracts';
import { type AnyColumn, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { apps } from '../../../db/schema';
import { scopeCondition } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { customerNameOf } from '../../system/customer/customer.repo';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** The customer an app belongs to (undefined when there is no such app). */
export async function appCustomerId(exec: Executor, appId: number): Promise<number | undefined> {
  const [app] = await exec.select({ customerId: apps.customerId }).from(apps).where(eq(apps.id, appId));
  return app?.customerId;
}

/**
 * The apps of the customers in the caller's scope, with their customer's name as shown in `lang`,
 * by customer name, customer, app name and id (the chat bubble's picker).
 */
export function appsInScopeWithCustomerName(
  exec: Executor,
  auth: AuthContext,
  lang: Language,
): Promise<{ customerId: number; customerName: string; id: number; name: string; status: string }[]> {
  // Nested, so the select list keeps it qualified as the ORDER BY does: one expression, read once.
  const customerName = sql<string>`${customerNameOf(apps.customerId, lang)}`;
  return exec
    .select({ customerId: apps.customerId, customerName, id: apps.id, name: apps.name, status: apps.status })
    .from(apps)
    .where(scopeCondition(auth, apps.customerId))
    .orderBy(asc(customerName), asc(apps.customerId), asc(apps.name), asc(apps.id));
}

/** The name of the app `idColumn` names (null for none), as a correlated subquery, so a list stays one query. */
export function appNameOf(idColumn: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select ${sql`${apps.name}`} from ${apps} where ${eq(apps.id, idColumn)})`;
}
