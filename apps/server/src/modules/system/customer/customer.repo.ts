import type { deptPageQuerySchema, Language, PageResult } from '@agent-console/contracts';
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { customerName } from '../../../db/builtin-names';
import type { Executor } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { customers, invitationCodes } from '../../../db/schema';
import { scopeCondition, subtreeCondition } from '../../../http/data-scope';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** Whether a customer with this id exists (a caller checks its own scope after). */
export async function customerExists(exec: Executor, id: number): Promise<boolean> {
  const [row] = await exec.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return row !== undefined;
}

/** The ids of every customer there is, in id order (a report over data scope "all"). */
export async function allCustomerIds(exec: Executor): Promise<number[]> {
  const rows = await exec.select({ id: customers.id }).from(customers).orderBy(asc(customers.id));
  return rows.map((r) => r.id);
}

/**
 * The name (as shown in `lang`) of the customer `idColumn` names: a correlated subquery, so a list
 * stays one query. Columns sit in nested SQL so that they stay qualified in a one-table select.
 */
export function customerNameOf(idColumn: AnyColumn, lang: Language): SQL<string> {
  return sql<string>`(select ${customerName(lang)} from ${customers} where ${eq(customers.id, idColumn)})`;
}

/** The time zone (IANA name; null: the server's) of the customer `idColumn` names, as a correlated subquery. */
export function customerTimeZoneOf(idColumn: AnyColumn): SQL<string | null> {
  return sql<
    string | null
  >`(select ${sql`${customers.timeZone}`} from ${customers} where ${eq(customers.id, idColumn)})`;
}

/**
 * The reply reserve (percent of the daily budget kept for replies) of the customer `idColumn` names,
 * as a correlated subquery (nested, so that a single-table select keeps its columns qualified).
 */
export function customerReplyReservePercentOf(idColumn: AnyColumn): SQL<number> {
  return sql<number>`(${sql`select ${customers.replyReservePercent} from ${customers} where ${customers.id} = ${idColumn}`})`;
}

/** The customer's parent and stored name, what shownCustomerName needs (undefined when there is none). */
export async function customerParentAndName(
  exec: Executor,
  customerId: number,
): Promise<{ parentId: number | null; name: string } | undefined> {
  const [row] = await exec
    .select({ parentId: customers.parentId, name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/**
 * Locks the customer's row until the transaction ends: writers that count a customer's rows
 * against a limit take it first, so two of them at once count one after the other.
 */
export async function lockCustomer(tx: Executor, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** The id of the root customer (the first without a parent); undefined when there is none. */
export async function rootCustomerId(exec: Executor): Promise<number | undefined> {
  const [row] = await exec
    .select({ id: customers.id })
    .from(customers)
    .where(isNull(customers.parentId))
    .orderBy(asc(customers.id))
    .limit(1);
  return row?.id;
}

/** The id of a customer with this stored name (undefined when there is none). */
export async function customerIdByName(exec: Executor, name: string): Promise<number | undefined> {
  const [row] = await exec.select({ id: customers.id }).from(customers).where(eq(customers.name, name));
  return row?.id;
}

/**
 * True for a row of `customers` that is enabled with no disabled customer above it: the one
 * condition behind sign-in, registration and session resolution (SQL over the customers table).
 */
export const customerActiveCondition = sql<boolean>`${customers.enabled} AND NOT EXISTS (
  SELECT 1 FROM ${customers} AS above WHERE above.id = ANY(${customers.ancestors}) AND NOT above.enabled)`;

/** Whether a customer is enabled and no customer above it is disabled. */
export async function customerIsActive(exec: Executor, customerId: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), customerActiveCondition));
  return !!row;
}

/**
 * Whether the customer `id` names (a column or SQL, e.g. an aliased column of a raw query) is
 * active as customerActiveCondition says: an `exists` sub-select, so the caller stays one statement.
 */
export function customerActiveOf(id: number | SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`exists (${sql`select 1 from ${customers} where ${customers.id} = ${id} and ${customerActiveCondition}`})`;
}

/** The ids of the customer `id` names and of every customer below it, as an array subquery (null for none). */
export function customerSubtreeIdsOf(id: SQL | AnyColumn): SQL<number[] | null> {
  return sql<number[] | null>`(select array_agg(below.id) from ${customers} below
    where below.id = ${id} or below.ancestors @> array[${id}])`;
}

/**
 * The unrevoked invitation with this code (exactly as stored): its customer, whether that customer is
 * enabled and the customer's default role; undefined when there is none.
 */
export async function liveInvitation(
  exec: Executor,
  code: string,
): Promise<{ customerId: number; enabled: boolean; defaultRoleId: number | null } | undefined> {
  const [row] = await exec
    .select({
      customerId: invitationCodes.customerId,
      enabled: customers.enabled,
      defaultRoleId: customers.defaultRoleId,
    })
    .from(invitationCodes)
    .innerJoin(customers, eq(customers.id, invitationCodes.customerId))
    .where(and(eq(invitationCodes.code, code), isNull(invitationCodes.revokedAt)));
  return row;
}

/** A customer's row. */
export type CustomerRow = typeof customers.$inferSelect;

/** The customer `id` names (undefined when there is none). */
export async function customerById(exec: Executor, id: number): Promise<CustomerRow | undefined> {
  const [row] = await exec.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** Whether every one of these customer ids (given without repeats) names a customer. */
export async function allCustomersExist(exec: Executor, ids: readonly number[]): Promise<boolean> {
  const rows = await exec
    .select({ id: customers.id })
    .from(customers)
    .where(inArray(customers.id, [...ids]));
  return rows.length === ids.length;
}

/** The ids above the customer, root first (undefined when there is no such customer). */
export async function customerAncestors(exec: Executor, id: number): Promise<number[] | undefined> {
  const [row] = await exec.select({ ancestors: customers.ancestors }).from(customers).where(eq(customers.id, id));
  return row?.ancestors;
}

/** Whether some customer hands one of these roles to whoever registers with its code (a role in use). */
export async function customerDefaultsToOneOf(exec: Executor, roleIds: readonly number[]): Promise<boolean> {
  const [row] = await exec
    .select({ n: count() })
    .from(customers)
    .where(inArray(customers.defaultRoleId, [...roleIds]));
  return !!row?.n;
}

/*
 * The customer screen (system/dept) lists and writes customers through what follows. It stands
 * above system/user, whose users it counts, so it hands in the count as a correlated subquery on
 * the customer's id: each list stays one statement.
 */

/** How many users a customer has, as a correlated subquery on the customer's id column. */
export type CountOfCustomer = (customerId: AnyColumn) => SQL<number>;

/** A customer's row with how many users it has. */
export type CustomerWithCount = CustomerRow & { userCount: number };

/** Customers are scoped by their own id: a customer row "belongs" to itself. */
const inScope = (auth: AuthContext) => scopeCondition(auth, customers.id);

const withCount = (userCountOf: CountOfCustomer) => ({
  ...getTableColumns(customers),
  userCount: userCountOf(customers.id),
});

/** Every customer in the caller's scope with its `userCount`, by sort and id. */
export function customersInScope(
  exec: Executor,
  auth: AuthContext,
  userCountOf: CountOfCustomer,
): Promise<CustomerWithCount[]> {
  return exec
    .select(withCount(userCountOf))
    .from(customers)
    .where(inScope(auth))
    .orderBy(asc(customers.sort), asc(customers.id));
}

/**
 * One page of the customers in the caller's scope with their `userCount`: by name as shown in
 * `lang`, enabled and subtree when asked, sorted as the page asks and then by sort and id.
 */
export function pageCustomersInScope<T>(
  exec: Executor,
  auth: AuthContext,
  q: z.output<typeof deptPageQuerySchema>,
  lang: Language,
  userCountOf: CountOfCustomer,
  toDto: (row: CustomerWithCount) => T,
): Promise<PageResult<T>> {
  const where = and(
    inScope(auth),
    q.name ? ilike(customerName(lang), containsPattern(q.name)) : undefined,
    q.enabled === undefined ? undefined : eq(customers.enabled, q.enabled),
    q.parentId ? subtreeCondition(customers.id, q.parentId) : undefined,
  );
  return sortedPage(exec, q, {
    select: exec.select(withCount(userCountOf)).from(customers),
    where,
    table: customers,
    sortable: { name: customers.name, sort: customers.sort, createdAt: customers.createdAt },
    fallback: [asc(customers.sort), asc(customers.id)],
    toDto,
  });
}

/** The id of the customer of this name (case aside) under `parentId` (null: at the top); undefined for none. */
export async function siblingNamed(exec: Executor, parentId: number | null, name: string): Promise<number | undefined> {
  const [row] = await exec
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        parentId === null ? isNull(customers.parentId) : eq(customers.parentId, parentId),
        sql`lower(${customers.name}) = lower(${name})`,
      ),
    );
  return row?.id;
}

/** Whether the customer has a child. */
export async function customerHasChildren(exec: Executor, id: number): Promise<boolean> {
  const [row] = await exec.select({ id: customers.id }).from(customers).where(eq(customers.parentId, id)).limit(1);
  return row !== undefined;
}

/** Whether some customer below this one (at any depth) is enabled. */
export async function hasEnabledDescendant(exec: Executor, id: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.enabled, true), sql`${customers.ancestors} @> ARRAY[${id}]::integer[]`))
    .limit(1);
  return row !== undefined;
}

/** What a customer is written with (its id and times are the database's). */
export type CustomerValues = Omit<typeof customers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Inserts a customer and answers its row. */
export async function insertCustomer(exec: Executor, values: CustomerValues): Promise<CustomerRow> {
  const [row] = await exec.insert(customers).values(values).returning();
  if (!row) throw new Error('customer not inserted');
  return row;
}

/** Writes the customer's values and stamps its update time; its row after, undefined when there is none. */
export async function updateCustomer(
  exec: Executor,
  id: number,
  values: Partial<CustomerValues>,
): Promise<CustomerRow | undefined> {
  const [row] = await exec
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning();
  return row;
}

/** Rewrites the ancestors of every customer below a moved one: old prefix → new prefix. */
export async function rebaseDescendants(exec: Executor, id: number, oldPrefix: number[], newPrefix: number[]) {
  const below = await exec
    .select({ id: customers.id, ancestors: customers.ancestors })
    .from(customers)
    .where(sql`${customers.ancestors} @> ARRAY[${id}]::integer[]`);
  for (const node of below) {
    const rest = node.ancestors.slice(oldPrefix.length);
    await exec
      .update(customers)
      .set({ ancestors: [...newPrefix, ...rest] })
      .where(eq(customers.id, node.id));
  }
}

/** Deletes a customer; the foreign keys decide whether anything refuses. */
export async function deleteCustomer(exec: Executor, id: number): Promise<void> {
  await exec.delete(customers).where(eq(customers.id, id));
}

/**
 * The customers, every column under its own name (`name` as stored, not as shown in a language),
 * as a subquery named `alias`, for raw SQL (the metrics' reports); Postgres flattens it into the
 * plan of the table itself.
 */
export const customersAs = (alias: string) => new QueryBuilder().select().from(customers).as(alias);
