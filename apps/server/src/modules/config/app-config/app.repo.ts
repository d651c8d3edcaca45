import type { AppStatus, Language } from '@agent-console/contracts';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
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

/** An app's name (undefined when there is no such app). */
export async function appName(exec: Executor, appId: number): Promise<string | undefined> {
  const [app] = await exec.select({ name: apps.name }).from(apps).where(eq(apps.id, appId));
  return app?.name;
}

/** The name of the app `idColumn` names (null for none), as a correlated subquery, so a list stays one query. */
export function appNameOf(idColumn: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select ${sql`${apps.name}`} from ${apps} where ${eq(apps.id, idColumn)})`;
}

/** An app's row as stored. */
export type AppRow = typeof apps.$inferSelect;

/** The states in which an app's listener is open or about to change. */
const LIVE_STATES: AppStatus[] = ['starting', 'running', 'stopping'];

/** An app's row (undefined when there is no such app). */
export async function appRow(exec: Executor, appId: number): Promise<AppRow | undefined> {
  const [row] = await exec.select().from(apps).where(eq(apps.id, appId));
  return row;
}

/** What the OpenAI-compatible listener of one app reads on each call: its keys, origins and names. */
export async function appServingRow(exec: Executor, appId: number) {
  const [row] = await exec
    .select({
      id: apps.id,
      customerId: apps.customerId,
      name: apps.name,
      code: apps.code,
      createdAt: apps.createdAt,
      keyHash: apps.keyHash,
      widgetKey: apps.widgetKey,
      allowedOrigins: apps.allowedOrigins,
    })
    .from(apps)
    .where(eq(apps.id, appId));
  return row;
}

/** Apps left live by a console that died and not meant to run: `stopped` (at console start). */
export async function stopAppsNotMeantToRun(exec: Executor): Promise<void> {
  await exec
    .update(apps)
    .set({ status: 'stopped', statusReason: null })
    .where(and(eq(apps.desiredRunning, false), inArray(apps.status, LIVE_STATES)));
}

/** Every app an operator wants running. */
export function appsMeantToRun(exec: Executor): Promise<AppRow[]> {
  return exec.select().from(apps).where(eq(apps.desiredRunning, true));
}

/** Every app's wanted and current state, for the instances looking after each other's apps. */
export function appRunStates(exec: Executor): Promise<{ id: number; desiredRunning: boolean; status: string }[]> {
  return exec.select({ id: apps.id, desiredRunning: apps.desiredRunning, status: apps.status }).from(apps);
}

/** Withdraws the wish to run an app (the instance serving it hears of it and stops it). */
export async function withdrawRunWish(exec: Executor, appId: number): Promise<void> {
  await exec.update(apps).set({ desiredRunning: false, updatedAt: new Date() }).where(eq(apps.id, appId));
}

/** Writes an app's state; undefined when there is no such app. */
export async function writeAppState(
  exec: Executor,
  appId: number,
  change: { status: AppStatus; statusReason?: string | null; desiredRunning?: boolean },
): Promise<{ id: number; status: string; statusReason: string | null } | undefined> {
  const [row] = await exec
    .update(apps)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(apps.id, appId))
    .returning({ id: apps.id, status: apps.status, statusReason: apps.statusReason });
  return row;
}

/** The ports every app holds (taken or not), so a suggestion avoids them. */
export async function portsHeldByApps(exec: Executor): Promise<Set<number>> {
  return new Set((await exec.select({ port: apps.port }).from(apps)).map((row) => row.port));
}

/**
 * The apps of some customers (or of every customer), with their customer's name as shown in
 * `lang`, by id (the usage report's rows per app).
 */
export function appsOfCustomersWithCustomerName(
  exec: Executor,
  customerIds: readonly number[] | 'all',
  lang: Language,
): Promise<{ id: number; name: string; customerId: number; customerName: string }[]> {
  return exec
    .select({
      id: apps.id,
      name: apps.name,
      customerId: apps.customerId,
      customerName: customerNameOf(apps.customerId, lang),
    })
    .from(apps)
    .where(customerIds === 'all' ? undefined : inArray(apps.customerId, [...customerIds]))
    .orderBy(asc(apps.id));
}

/**
 * The apps, every column under its own name, as a subquery named `alias` to join (the needs-a-person
 * counts) or to name in raw SQL (the metrics' reports); Postgres flattens it into the plan of the
 * table itself.
 */
export const appsAs = (alias: string) => new QueryBuilder().select().from(apps).as(alias);
