import type {
  AppNamespace,
  AppNamespaceDeleteResult,
  appNamespacePageQuerySchema,
  appNamespaceSaveSchema,
  appNamespaceUpdateSchema,
  ConfigFormat,
  FieldError,
  PageResult,
} from '@agent-console/contracts';
import { and, asc, eq, getTableColumns, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { appItems, appNamespaces } from '../../../db/schema';
import { found } from '../../../http/found';
import { countOf, pageOf } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { type LoadedNamespace, loadApp, loadNamespace } from './config-access';
import { formatFault, storedValueFault } from './config-values';

type NamespaceInput = z.output<typeof appNamespaceSaveSchema>;
type NamespaceUpdate = z.output<typeof appNamespaceUpdateSchema>;
type NamespaceRow = typeof appNamespaces.$inferSelect;

// Spelled out: inside the subquery an unqualified "id" would be the item's own id.
const itemCount = sql<number>`(select count(*)::int from "app_items" where "app_items"."namespace_id" = "app_namespaces"."id")`;
const columns = { ...getTableColumns(appNamespaces), itemCount };

function toNamespace(row: NamespaceRow & { itemCount: number }): AppNamespace {
  return {
    id: row.id,
    customerId: row.customerId,
    appId: row.appId,
    name: row.name,
    format: row.format as ConfigFormat,
    description: row.description,
    itemCount: Number(row.itemCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The namespaces of one app in the caller's scope, by name, with how many items each holds. */
export async function pageNamespaces(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof appNamespacePageQuerySchema>,
): Promise<PageResult<AppNamespace>> {
  const app = await loadApp(db, auth, q.appId);
  const where = and(
    eq(appNamespaces.appId, app.id),
    q.keyword
      ? or(
          ilike(appNamespaces.name, containsPattern(q.keyword)),
          ilike(appNamespaces.description, containsPattern(q.keyword)),
        )
      : undefined,
  );
  return pageOf(q, {
    rows: db.select(columns).from(appNamespaces).where(where).orderBy(asc(appNamespaces.name), asc(appNamespaces.id)),
    count: countOf(db, appNamespaces, where),
    toDto: toNamespace,
  });
}

async function byId(exec: Executor, id: number): Promise<AppNamespace> {
  const row = await found(exec.select(columns).from(appNamespaces).where(eq(appNamespaces.id, id)));
  return toNamespace(row);
}

async function assertNameFree(exec: Executor, appId: number, name: string, exceptId?: number) {
  const [clash] = await exec
    .select({ id: appNamespaces.id })
    .from(appNamespaces)
    .where(
      and(
        eq(appNamespaces.appId, appId),
        eq(appNamespaces.name, name),
        exceptId ? ne(appNamespaces.id, exceptId) : undefined,
      ),
    );
  if (clash) throw AppError.field('A0111', 'name', 'taken');
}

export async function createNamespace(db: Db, auth: AuthContext, input: NamespaceInput): Promise<AppNamespace> {
  const app = await loadApp(db, auth, input.appId);
  await assertNameFree(db, app.id, input.name);
  const [row] = await guardConstraints('name', () =>
    db
      .insert(appNamespaces)
      .values({
        customerId: app.customerId,
        appId: app.id,
        name: input.name,
        format: input.format,
        description: input.description,
      })
      .returning({ id: appNamespaces.id }),
  );
  if (!row) throw new Error('namespace not inserted');
  return byId(db, row.id);
}

/** How many secret keys a refusal names before it says "…". */
const NAMED_SECRETS = 5;

/**
 * A namespace whose secret items hold values keeps its name and format. A secret was typed for
 * this namespace: a new name would put it to another use (renamed to `agent`, a secret
 * `fallbackReply` would be what the app says), and checking the kept values against a new name's
 * or format's rules would answer questions about them ("is it a number?", "is it JSON?"). So the
 * change is refused, naming the field and the secret keys, before any value is looked at; the
 * caller deletes those items and enters them again after the change.
 */
async function assertNoSecretsCarried(
  exec: Executor,
  ns: LoadedNamespace,
  next: { name: string; format: ConfigFormat },
) {
  const field = ns.name !== next.name ? 'name' : ns.format !== next.format ? 'format' : null;
  if (!field) return;
  const secrets = await exec
    .select({ key: appItems.key })
    .from(appItems)
    .where(and(eq(appItems.namespaceId, ns.id), eq(appItems.secret, true), ne(appItems.value, '')))
    .orderBy(asc(appItems.key))
    .limit(NAMED_SECRETS + 1);
  if (!secrets.length) return;
  const keys = secrets.slice(0, NAMED_SECRETS).map((s) => s.key);
  const detail = secrets.length > NAMED_SECRETS ? `${keys.join(', ')}, …` : keys.join(', ');
  const fault: FieldError = { field, reason: 'holdsSecrets', detail };
  throw new AppError('A0440', { fields: [fault] });
}

/**
 * A new name or format applies to the items already saved: the change is refused (A0440, naming
 * the field that changed) unless every value still fits, so no stored value ever breaks its
 * namespace's rules. A format change is checked first, then the agent rules a rename brings.
 */
async function assertItemsFit(exec: Executor, ns: LoadedNamespace, next: { name: string; format: ConfigFormat }) {
  if (ns.name === next.name && ns.format === next.format) return;
  const items = await exec
    .select({ key: appItems.key, value: appItems.value })
    .from(appItems)
    .where(eq(appItems.namespaceId, ns.id));
  if (next.format !== ns.format && items.some((item) => formatFault(next.format, item.value))) {
    throw AppError.field('A0440', 'format', 'itemsDoNotFit');
  }
  for (const item of items) {
    if (await storedValueFault(exec, { ...next, customerId: ns.customerId }, item.key, item.value)) {
      throw AppError.field('A0440', 'name', 'itemsDoNotFit');
    }
  }
}

export async function updateNamespace(
  db: Db,
  auth: AuthContext,
  id: number,
  input: NamespaceUpdate,
): Promise<AppNamespace> {
  return db.transaction(async (tx) => {
    const ns = await loadNamespace(tx, auth, id, { lock: true });
    // Moving a namespace to another app would move its configuration between agents (and maybe
    // customers) behind their backs: the app is fixed once created.
    if (input.appId !== undefined && input.appId !== ns.appId) throw AppError.field('A0440', 'appId', 'fixed');
    const format = input.format ?? ns.format;
    await assertNameFree(tx, ns.appId, input.name, id);
    await assertNoSecretsCarried(tx, ns, { name: input.name, format });
    await assertItemsFit(tx, ns, { name: input.name, format });
    await guardConstraints('name', () =>
      tx
        .update(appNamespaces)
        .set({ name: input.name, format, description: input.description, updatedAt: new Date() })
        .where(eq(appNamespaces.id, id)),
    );
    return byId(tx, id);
  });
}

/** Deletes a namespace with its items (the screen names their count before asking). */
export async function deleteNamespace(db: Db, auth: AuthContext, id: number): Promise<AppNamespaceDeleteResult> {
  return db.transaction(async (tx) => {
    const ns = await loadNamespace(tx, auth, id, { lock: true });
    const deleted = await tx.delete(appItems).where(eq(appItems.namespaceId, ns.id)).returning({ id: appItems.id });
    await tx.delete(appNamespaces).where(eq(appNamespaces.id, ns.id));
    return { deletedItems: deleted.length };
  });
}
