import type { Language } from '@agent-console/contracts';
import { type AnyColumn, and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { customerName } from '../../../db/builtin-names';
import type { Executor } from '../../../db/client';
import { customers, invitationCodes } from '../../../db/schema';

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
