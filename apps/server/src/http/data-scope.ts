import { SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { customers, roleCustomers, roles, userRoles } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { AuthContext } from './request-context';

/**
 * What rows a caller may see, from the union of their enabled roles' data scopes
 * (1 all, 2 custom customers, 3 own customer, 4 own customer and below, 5 only their own rows).
 * Computed on the server for every request; nothing a client sends can widen it.
 */
export type DataScopeFilter = { all: true } | { all: false; customerIds: number[]; ownRowsOf: number | null };

export async function loadDataScope(db: Db, userId: number, customerId: number): Promise<DataScopeFilter> {
  const roleRows = await db
    .select({ id: roles.id, scope: roles.dataScope, key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.enabled, true)));
  if (roleRows.some((r) => r.scope === 1 || r.key === SUPER_ADMIN_ROLE_KEY)) return { all: true };

  const ids = new Set<number>();
  let self = false;
  const customRoleIds = roleRows.filter((r) => r.scope === 2).map((r) => r.id);
  if (customRoleIds.length) {
    const rows = await db
      .select({ id: roleCustomers.customerId })
      .from(roleCustomers)
      .where(inArray(roleCustomers.roleId, customRoleIds));
    for (const r of rows) ids.add(r.id);
  }
  if (roleRows.some((r) => r.scope === 3)) ids.add(customerId);
  if (roleRows.some((r) => r.scope === 4)) {
    const rows = await db.select({ id: customers.id }).from(customers).where(atOrBelow(customerId));
    for (const r of rows) ids.add(r.id);
  }
  if (roleRows.some((r) => r.scope === 5)) self = true;
  return { all: false, customerIds: [...ids].sort((a, b) => a - b), ownRowsOf: self ? userId : null };
}

/** Customers at or below `rootId` in the customer tree. */
function atOrBelow(rootId: number): SQL {
  return or(eq(customers.id, rootId), sql`${customers.ancestors} @> ARRAY[${rootId}]::integer[]`) as SQL;
}

/**
 * Rows of the customer `rootId` and of every customer below it: what data scope 4 grants, and
 * the scope of a scheduled job (which runs for its customer, with no caller).
 */
export function subtreeCondition(customerColumn: AnyPgColumn, rootId: number): SQL {
  return sql`${customerColumn} in (select ${customers.id} from ${customers} where ${atOrBelow(rootId)})`;
}

/**
 * The WHERE condition limiting a query of a customer-owned table to the caller's scope.
 * `ownerColumn` is the row's user (creator or the user itself); without it, scope 5 sees nothing
 * of that table beyond what other roles grant.
 */
export function scopeCondition(
  auth: AuthContext,
  customerColumn: AnyPgColumn,
  ownerColumn?: AnyPgColumn,
): SQL | undefined {
  const scope = auth.dataScope;
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.customerIds.length) parts.push(inArray(customerColumn, scope.customerIds));
  if (scope.ownRowsOf !== null && ownerColumn) parts.push(eq(ownerColumn, scope.ownRowsOf));
  if (!parts.length) return sql`false`;
  return parts.length === 1 ? parts[0] : or(...parts);
}

/** Whether one row (by its customer and owner) is inside the caller's scope. */
export function inScope(auth: AuthContext, customerId: number, ownerUserId?: number | null): boolean {
  const scope = auth.dataScope;
  if (scope.all) return true;
  if (scope.customerIds.includes(customerId)) return true;
  return scope.ownRowsOf !== null && ownerUserId === scope.ownRowsOf;
}

/**
 * For id-based calls: a row outside the caller's scope is reported as not found, so ids of other
 * customers cannot even be probed for existence.
 */
export function assertInScope(auth: AuthContext, customerId: number, ownerUserId?: number | null): void {
  if (!inScope(auth, customerId, ownerUserId)) throw AppError.notFound();
}

/** Customer ids a caller may assign rows to (creating a user in a customer, etc.). */
export function assertCustomerAssignable(auth: AuthContext, customerId: number): void {
  if (!auth.dataScope.all && !auth.dataScope.customerIds.includes(customerId)) {
    throw AppError.field('A0312', 'customerId', 'invalidValue');
  }
}
