import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customers } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { AuthContext } from './request-context';

/**
 * What rows a caller may see, from the union of their enabled roles' data scopes
 * (1 all, 2 custom customers, 3 own customer, 4 own customer and below, 5 only their own rows).
 * Computed on the server from the database; nothing a client sends can widen it.
 */
export type DataScopeFilter = { all: true } | { all: false; customerIds: number[]; ownRowsOf: number | null };

/** What decides a caller's data scope, read with the caller (modules/system/auth/auth-context.service.ts). */
export interface DataScopeFacts {
  userId: number;
  customerId: number;
  isSuperAdmin: boolean;
  /** Data scopes of the caller's enabled roles. */
  scopes: readonly number[];
  /** Customers granted by their scope-2 roles, and their own customer with those below it. */
  customCustomerIds: readonly number[];
  subtreeCustomerIds: readonly number[];
}

export function dataScopeOf(facts: DataScopeFacts): DataScopeFilter {
  const { scopes } = facts;
  if (facts.isSuperAdmin || scopes.includes(1)) return { all: true };
  const ids = new Set<number>();
  if (scopes.includes(2)) for (const id of facts.customCustomerIds) ids.add(id);
  if (scopes.includes(3)) ids.add(facts.customerId);
  if (scopes.includes(4)) for (const id of facts.subtreeCustomerIds) ids.add(id);
  return {
    all: false,
    customerIds: [...ids].sort((a, b) => a - b),
    ownRowsOf: scopes.includes(5) ? facts.userId : null,
  };
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
 * What a caller's scope lets a query of a customer-owned table see: everything, or the rows of
 * these customers and/or of this owner (neither: nothing). Without an owner column, scope 5 sees
 * nothing of that table beyond what other roles grant.
 */
type Reach = { all: true } | { all: false; customerIds: readonly number[] | null; owner: number | null };

function reachOf(auth: AuthContext, hasOwnerColumn: boolean): Reach {
  const scope = auth.dataScope;
  if (scope.all) return { all: true };
  return {
    all: false,
    customerIds: scope.customerIds.length ? scope.customerIds : null,
    owner: hasOwnerColumn ? scope.ownRowsOf : null,
  };
}

function either(parts: SQL[]): SQL {
  if (!parts.length) return sql`false`;
  return parts.length === 1 ? (parts[0] as SQL) : (or(...parts) as SQL);
}

/**
 * The WHERE condition limiting a query of a customer-owned table to the caller's scope.
 * `ownerColumn` is the row's user (creator or the user itself).
 */
export function scopeCondition(
  auth: AuthContext,
  customerColumn: AnyPgColumn,
  ownerColumn?: AnyPgColumn,
): SQL | undefined {
  const reach = reachOf(auth, !!ownerColumn);
  if (reach.all) return undefined;
  const parts: SQL[] = [];
  if (reach.customerIds) parts.push(inArray(customerColumn, [...reach.customerIds]));
  if (reach.owner !== null && ownerColumn) parts.push(eq(ownerColumn, reach.owner));
  return either(parts);
}

/**
 * `scopeCondition` on placeholders, for a query kept per shape (http/list-conditions.ts): the
 * same rows, the customers as one array (`= any`), so that one statement serves every caller
 * whose scope has the same kind. `shape` names the kind; `values` fill the placeholders.
 */
export function scopeOnPlaceholders(
  auth: AuthContext,
  customerColumn: AnyPgColumn,
  ownerColumn?: AnyPgColumn,
): { shape: string; condition: SQL | undefined; values: Record<string, unknown> } {
  const reach = reachOf(auth, !!ownerColumn);
  if (reach.all) return { shape: 'all', condition: undefined, values: {} };
  const parts: SQL[] = [];
  const values: Record<string, unknown> = {};
  if (reach.customerIds) {
    parts.push(sql`${customerColumn} = any(${sql.placeholder('scopeCustomers')}::integer[])`);
    values.scopeCustomers = reach.customerIds;
  }
  if (reach.owner !== null && ownerColumn) {
    parts.push(sql`${ownerColumn} = ${sql.placeholder('scopeOwner')}::integer`);
    values.scopeOwner = reach.owner;
  }
  return {
    shape: `${reach.customerIds ? 'customers' : ''}+${reach.owner !== null ? 'own' : ''}`,
    condition: either(parts),
    values,
  };
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
