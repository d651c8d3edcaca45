import {
  type AppItem,
  type AppItemDeleteResult,
  type appItemListQuerySchema,
  type appItemSaveSchema,
  type appItemUpdateSchema,
  codeForReason,
  secretValueMissing,
} from '@agent-console/contracts';
import { and, asc, eq, ilike, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { appItems } from '../../../db/schema';
import { found } from '../../../http/found';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { type LoadedNamespace, loadNamespace } from './config-access';
import { storedValueFault } from './config-values';
import { answeredValue } from './item-values';

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
    value: answeredValue(row),
    hasValue,
    comment: row.comment,
    secret: row.secret,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The items of one namespace the list and the export show. The keyword looks at keys and
 * comments, and at values only of items that are not secret: a search must not become a way to
 * guess a secret.
 */
export function itemsWhere(namespaceId: number, keyword: string | undefined) {
  const pattern = keyword ? containsPattern(keyword) : undefined;
  return and(
    eq(appItems.namespaceId, namespaceId),
    pattern
      ? or(
          ilike(appItems.key, pattern),
          ilike(appItems.comment, pattern),
          and(eq(appItems.secret, false), ilike(appItems.value, pattern)),
        )
      : undefined,
  );
}

/** The items of one namespace, by key. */
export async function listItems(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof appItemListQuerySchema>,
): Promise<AppItem[]> {
  const namespace = await loadNamespace(db, auth, q.namespaceId, { field: 'namespaceId' });
  const rows = await db
    .select()
    .from(appItems)
    .where(itemsWhere(namespace.id, q.keyword))
    .orderBy(asc(appItems.key), asc(appItems.id));
  return rows.map(toItem);
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
  const row = await found(exec.select().from(appItems).where(eq(appItems.id, id)));
  // Scope comes with the namespace (its app's customer); out of scope reads as missing.
  const namespace = await loadNamespace(exec, auth, row.namespaceId, { lock });
  return { row, namespace };
}

/**
 * The value an update stores. A secret item that stays secret, under the same key, keeps its
 * stored value when the field comes empty (the screen never had it to send back). Turning the
 * flag off would reveal the stored secret in the list, and a new key would put it to another use
 * (`fallbackReply` says it to anyone), so both need the value typed again: refused naming `value`
 * before anything is checked against the kept value, so no refusal tells anything about it.
 */
function nextValue(row: ItemRow, input: ItemUpdate): string {
  const missing = secretValueMissing({ ...row, hasValue: row.value !== '' }, input);
  if (missing) throw AppError.field('A0410', 'value', missing);
  return input.value === '' && row.secret && input.secret ? row.value : input.value;
}

export async function updateItem(db: Db, auth: AuthContext, id: number, input: ItemUpdate): Promise<AppItem> {
  return db.transaction(async (tx) => {
    const { row, namespace } = await loadItem(tx, auth, id, true);
    // Items stay in their namespace: moving one could carry a secret into another app.
    if (input.namespaceId !== undefined && input.namespaceId !== row.namespaceId) {
      throw AppError.field('A0440', 'namespaceId', 'fixed');
    }
    const { secret } = input;
    const value = nextValue(row, input);
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
