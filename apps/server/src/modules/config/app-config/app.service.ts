import type {
  App,
  AppCreated,
  AppKey,
  AppOption,
  AppStatus,
  AppWidgetKey,
  appPageQuerySchema,
  appSaveSchema,
  Language,
  PageResult,
} from '@agent-console/contracts';
import { and, asc, eq, getTableColumns, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { apps } from '../../../db/schema';
import { assertCustomerAssignable, scopeCondition } from '../../../http/data-scope';
import { found, foundInScope } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { customerNameOf } from '../../system/customer/customer.repo';
import { moveAppConfigToCustomer } from './app-config.repo';
import { newApiKey, newWidgetKey } from './app-key';
import type { AppListeners } from './app-listeners';

type AppInput = z.output<typeof appSaveSchema>;
type AppRow = typeof apps.$inferSelect;

/** States in which a listener is open or about to change: no port change, no delete. */
const LIVE: readonly AppStatus[] = ['starting', 'running', 'stopping'];

/** Every clash a write of an app can hit, named after the unique indexes (`apps_port_uq` → port). */
const UNIQUE_FIELDS = ['name', 'code', 'port'] as const;

const columns = (lang: Language) => ({ ...getTableColumns(apps), customerName: customerNameOf(apps.customerId, lang) });

/** The columns a save writes, a create's and an update's alike. */
function savedColumns(input: AppInput) {
  return {
    customerId: input.customerId,
    name: input.name,
    code: input.code,
    port: input.port,
    description: input.description,
    allowedOrigins: input.allowedOrigins,
  };
}

function toApp(row: AppRow & { customerName: string }): App {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    name: row.name,
    code: row.code,
    port: row.port,
    description: row.description,
    status: row.status as AppStatus,
    statusReason: row.statusReason,
    desiredRunning: row.desiredRunning,
    allowedOrigins: row.allowedOrigins,
    keyPrefix: row.keyPrefix,
    keyRotatedAt: row.keyRotatedAt.toISOString(),
    widgetKey: row.widgetKey,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The apps a caller may pick, optionally of one customer, by name. */
export async function listAppOptions(db: Db, auth: AuthContext, customerId?: number): Promise<AppOption[]> {
  const rows = await db
    .select({ id: apps.id, name: apps.name, code: apps.code, customerId: apps.customerId, status: apps.status })
    .from(apps)
    .where(and(scopeCondition(auth, apps.customerId), customerId ? eq(apps.customerId, customerId) : undefined))
    .orderBy(asc(apps.name), asc(apps.id));
  return rows.map((row) => ({ ...row, status: row.status as AppOption['status'] }));
}

export async function pageApps(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof appPageQuerySchema>,
  lang: Language,
): Promise<PageResult<App>> {
  const keyword = q.keyword ? containsPattern(q.keyword) : undefined;
  const where = and(
    scopeCondition(auth, apps.customerId),
    keyword ? or(ilike(apps.name, keyword), ilike(apps.code, keyword)) : undefined,
    q.customerId ? eq(apps.customerId, q.customerId) : undefined,
    q.status ? eq(apps.status, q.status) : undefined,
  );
  return sortedPage(db, q, {
    select: db.select(columns(lang)).from(apps),
    where,
    table: apps,
    sortable: {
      name: apps.name,
      code: apps.code,
      port: apps.port,
      status: apps.status,
      createdAt: apps.createdAt,
      updatedAt: apps.updatedAt,
    },
    fallback: [asc(apps.name), asc(apps.id)],
    toDto: toApp,
  });
}

/** An app by id within the caller's scope; another customer's app is reported as missing. */
export async function loadApp(db: Db, auth: AuthContext, id: number): Promise<AppRow> {
  return foundInScope(auth, db.select().from(apps).where(eq(apps.id, id)));
}

async function byId(db: Db, id: number, lang: Language): Promise<App> {
  const row = await found(db.select(columns(lang)).from(apps).where(eq(apps.id, id)));
  return toApp(row);
}

/** Name and code are unique per customer, the port on the whole host (every listener binds it). */
async function assertUnique(db: Db, customerId: number, input: AppInput, exceptId?: number): Promise<void> {
  const clashes = await db
    .select({ id: apps.id, customerId: apps.customerId, name: apps.name, code: apps.code, port: apps.port })
    .from(apps)
    .where(
      or(
        and(eq(apps.customerId, customerId), or(eq(apps.name, input.name), eq(apps.code, input.code))),
        eq(apps.port, input.port),
      ),
    );
  for (const field of UNIQUE_FIELDS) {
    const clash = clashes.find(
      (c) => c.id !== exceptId && c[field] === input[field] && (field === 'port' || c.customerId === customerId),
    );
    if (clash) throw AppError.field('A0111', field, 'taken');
  }
}

export async function createApp(
  db: Db,
  runtime: AppListeners,
  auth: AuthContext,
  input: AppInput,
  lang: Language,
): Promise<AppCreated> {
  assertCustomerAssignable(auth, input.customerId);
  runtime.ports.assertAllowed(input.port);
  await assertUnique(db, input.customerId, input);
  const key = newApiKey();
  const [row] = await guardConstraints(UNIQUE_FIELDS, () =>
    db
      .insert(apps)
      .values({
        ...savedColumns(input),
        keyHash: key.keyHash,
        keyPrefix: key.keyPrefix,
        widgetKey: newWidgetKey(),
      })
      .returning({ id: apps.id }),
  );
  if (!row) throw new Error('app not inserted');
  return { ...(await byId(db, row.id, lang)), apiKey: key.apiKey };
}

/**
 * Changes an app. The port of an app whose listener is open (or opening, or closing) cannot
 * change: the change would only apply at the next start, and the list would show a port the app
 * does not listen on. The operator stops the app first (docs/decisions.md). Moving an app to
 * another customer moves its configuration with it. Runs in the app's queue, so it never
 * interleaves with a start or stop of the same app.
 */
export async function updateApp(
  db: Db,
  runtime: AppListeners,
  auth: AuthContext,
  id: number,
  input: AppInput,
  lang: Language,
): Promise<App> {
  await loadApp(db, auth, id);
  await runtime.exclusive(id, async () => {
    const app = await loadApp(db, auth, id);
    if (input.customerId !== app.customerId) assertCustomerAssignable(auth, input.customerId);
    if (input.port !== app.port && (LIVE.includes(app.status as AppStatus) || runtime.isListening(id))) {
      throw AppError.field('A0440', 'port', 'lockedWhileRunning');
    }
    if (input.port !== app.port) runtime.ports.assertAllowed(input.port);
    await assertUnique(db, input.customerId, input, id);
    await guardConstraints(UNIQUE_FIELDS, () =>
      db.transaction(async (tx) => {
        await tx
          .update(apps)
          .set({ ...savedColumns(input), updatedAt: new Date() })
          .where(eq(apps.id, id));
        if (input.customerId === app.customerId) return;
        await moveAppConfigToCustomer(tx, id, input.customerId);
      }),
    );
  });
  return byId(db, id, lang);
}

/** Deletes a stopped or failed app with its namespaces and items (foreign keys cascade). */
export async function deleteApp(db: Db, runtime: AppListeners, auth: AuthContext, id: number): Promise<number> {
  await loadApp(db, auth, id);
  return runtime.exclusive(id, async () => {
    const app = await loadApp(db, auth, id);
    if (LIVE.includes(app.status as AppStatus) || runtime.isListening(id)) {
      throw AppError.field('A0440', 'app', 'runningStopFirst');
    }
    const deleted = await db.delete(apps).where(eq(apps.id, id)).returning({ id: apps.id });
    return deleted.length;
  });
}

/** A new API key; the old one stops working with the next call of the app. */
export async function rotateAppKey(db: Db, auth: AuthContext, id: number): Promise<AppKey> {
  await loadApp(db, auth, id);
  const key = newApiKey();
  await db
    .update(apps)
    .set({ keyHash: key.keyHash, keyPrefix: key.keyPrefix, keyRotatedAt: new Date(), updatedAt: new Date() })
    .where(eq(apps.id, id));
  return { apiKey: key.apiKey };
}

/** A new widget key; pages that carry the old one stop chatting with their next question. */
export async function rotateWidgetKey(db: Db, auth: AuthContext, id: number): Promise<AppWidgetKey> {
  await loadApp(db, auth, id);
  const widgetKey = newWidgetKey();
  await db.update(apps).set({ widgetKey, updatedAt: new Date() }).where(eq(apps.id, id));
  return { widgetKey };
}
