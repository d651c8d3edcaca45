import {
  type AppItem,
  type AppItemDeleteResult,
  type appItemListQuerySchema,
  type appItemSaveSchema,
  type appItemUpdateSchema,
  codeForReason,
  SECRET_MASK,
} from '@agent-console/contracts';
import { and, asc, eq, ilike, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { guardConstraints } from '../../db/constraint-errors';
import { containsPattern } from '../../db/like';
import { appItems } from '../../db/schema';
import type { AuthContext } from '../../http/request-context';
import { AppError } from '../../lib/app-error';
import { type LoadedNamespace, loadNamespace } from './config-access';
import { storedValueFault } from './config-values';

type ItemInput = z.output<typeof appItemSaveSchema>;
type ItemUpdate = z.output<typeof appItemUpdateSchema>;
type ItemRow = typeof appItems.$inferSelect;

/** An item as it leaves the server: a secret's value never does, only the mask and whether it has one. */
export function toItem(row: ItemRow): AppItem {
  const hasValue = row.value !== '';
  return {
    id: row.id,
    namespaceId: row.namespaceId,
    key: row.key,
    value: row.secret ? (hasValue ? SECRET_MASK : '') : row.value,
    hasValue,
    comment: row.comment,
    secret: row.secret,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The items of one namespace, by key. The keyword looks at keys and comments, and at values only
 * of items that are not secret: a search must not become a way to guess a secret.
 */
export async function listItemRows(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof appItemListQuerySchema>,
): Promise<{ namespace: LoadedNamespace; rows: ItemRow[] }> {
  const namespace = await loadNamespace(db, auth, q.namespaceId, { field: 'namespaceId' });
  const pattern = q.keyword ? containsPattern(q.keyword) : undefined;
  const rows = await db
    .select()
    .from(appItems)
    .where(
      and(
        eq(appItems.namespaceId, namespace.id),
        pattern
          ? or(
              ilike(appItems.key, pattern),
              ilike(appItems.comment, pattern),
              and(eq(appItems.secret, false), ilike(appItems.value, pattern)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(appItems.key), asc(appItems.id));
  return { namespace, rows };
}

export async function listItems(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof appItemListQuerySchema>,
): Promise<AppItem[]> {
  return (await listItemRows(db, auth, q)).rows.map(toItem);
}

async function assertKeyFree(exec: Executor, namespaceId: number, key: string, exceptId?: number) {
  const [clash] = await exec
    .select({ id: appItems.id })
    .from(appItems)
    .where(
      and(
        eq(appItems.namespaceId, namespaceId),
        eq(appItems.key, key),
        exceptId ? ne(appItems.id, exceptId) : undefined,
      ),
    );
  if (clash) throw AppError.field('A0111', 'key', 'taken');
}

/** Refuses a value its namespace does not allow, naming `value`, the rule and where the parser stopped. */
async function assertValueFits(exec: Executor, namespace: LoadedNamespace, key: string, value: string) {
  const fault = await storedValueFault(exec, namespace, key, value);
  if (!fault) return;
  const field = { field: 'value', reason: fault.reason, ...(fault.at ? { at: fault.at } : {}) };
  throw new AppError(codeForReason(fault.reason), { fields: [field] });
}

export async function createItem(db: Db, auth: AuthContext, input: ItemInput): Promise<AppItem> {
  return db.transaction(async (tx) => {
    const namespace = await loadNamespace(tx, auth, input.namespaceId, { field: 'namespaceId', lock: true });
    await assertKeyFree(tx, namespace.id, input.key);
    await assertValueFits(tx, namespace, input.key, input.value);
    const [row] = await guardConstraints('key', () =>
      tx
        .insert(appItems)
        .values({
          customerId: namespace.customerId,
          namespaceId: namespace.id,
          key: input.key,
          value: input.value,
          comment: input.comment,
          secret: input.secret,
        })
        .returning(),
    );
    if (!row) throw new Error('item not inserted');
    return toItem(row);
  });
}

async function loadItem(exec: Executor, auth: AuthContext, id: number, lock: boolean) {
  const [row] = await exec.select().from(appItems).where(eq(appItems.id, id));
  if (!row) throw AppError.notFound();
  // Scope comes with the namespace (its app's customer); out of scope reads as missing.
  const namespace = await loadNamespace(exec, auth, row.namespaceId, { lock });
  return { row, namespace };
}

/**
 * The value an update stores. A secret item that stays secret keeps its stored value when the
 * field comes empty (the screen never had it to send back). Turning the flag off with an empty
 * value would reveal the stored secret in the list, so a new value is required then.
 */
function nextValue(row: ItemRow, input: ItemUpdate, secret: boolean): string {
  if (input.value !== '' || !row.secret) return input.value;
  if (secret) return row.value;
  if (row.value !== '') throw AppError.field('A0410', 'value', 'required');
  return '';
}

export async function updateItem(db: Db, auth: AuthContext, id: number, input: ItemUpdate): Promise<AppItem> {
  return db.transaction(async (tx) => {
    const { row, namespace } = await loadItem(tx, auth, id, true);
    // Items stay in their namespace: moving one could carry a secret into another app.
    if (input.namespaceId !== undefined && input.namespaceId !== row.namespaceId) {
      throw AppError.field('A0440', 'namespaceId', 'fixed');
    }
    const { secret } = input;
    const value = nextValue(row, input, secret);
    await assertKeyFree(tx, namespace.id, input.key, id);
    await assertValueFits(tx, namespace, input.key, value);
    const [updated] = await guardConstraints('key', () =>
      tx
        .update(appItems)
        .set({ key: input.key, value, comment: input.comment, secret, updatedAt: new Date() })
        .where(eq(appItems.id, id))
        .returning(),
    );
    if (!updated) throw AppError.notFound();
    return toItem(updated);
  });
}

export async function deleteItem(db: Db, auth: AuthContext, id: number): Promise<AppItemDeleteResult> {
  return db.transaction(async (tx) => {
    await loadItem(tx, auth, id, true);
    const deleted = await tx.delete(appItems).where(eq(appItems.id, id)).returning({ id: appItems.id });
    return { affected: deleted.length };
  });
}
