import type { DictType, DictTypeInput, DictTypePageQuery, PageResult } from '@agent-console/contracts';
import { dictTypeInputSchema, dictTypePageQuerySchema } from '@agent-console/contracts';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { dictTypes } from '../../../db/schema';
import { found } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import { AppError } from '../../../lib/app-error';
import { rebuildDictCache } from './dict-cache';

type TypeRow = typeof dictTypes.$inferSelect;

// Spelled out with table names: inside a subquery drizzle leaves columns unqualified.
const entryCount = sql<number>`(select count(*)::int from "dict_entries" where "dict_entries"."type_id" = "dict_types"."id")`;

function toDictType(row: TypeRow & { entryCount: number }): DictType {
  return {
    id: row.id,
    type: row.type,
    names: row.names,
    enabled: row.enabled,
    builtin: row.builtin,
    remark: row.remark,
    entryCount: row.entryCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function pageDictTypes(db: Db, query: DictTypePageQuery): Promise<PageResult<DictType>> {
  const q = dictTypePageQuerySchema.parse(query);
  const conditions: SQL[] = [];
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    const names = ['en', 'zh-chs', 'zh-cht', 'ja'].map((lang) => sql`(${dictTypes.names} ->> ${lang}) ilike ${p}`);
    conditions.push(or(ilike(dictTypes.type, p), ...names) as SQL);
  }
  if (q.enabled !== undefined) conditions.push(eq(dictTypes.enabled, q.enabled));
  const where = conditions.length ? and(...conditions) : undefined;
  return sortedPage(db, q, {
    select: db.select({ row: dictTypes, entryCount }).from(dictTypes),
    where,
    table: dictTypes,
    sortable: { type: dictTypes.type, createdAt: dictTypes.createdAt, updatedAt: dictTypes.updatedAt },
    // Newest first: a type just added is on the first page, not after the built-in ones.
    fallback: [desc(dictTypes.id)],
    toDto: (r) => toDictType({ ...r.row, entryCount: r.entryCount }),
  });
}

async function typeById(db: Db, id: number): Promise<DictType> {
  const row = await found(db.select({ row: dictTypes, entryCount }).from(dictTypes).where(eq(dictTypes.id, id)));
  return toDictType({ ...row.row, entryCount: row.entryCount });
}

async function assertTypeKeyFree(db: Db, type: string, exceptId?: number): Promise<void> {
  const [taken] = await db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.type, type));
  if (taken && taken.id !== exceptId) throw AppError.field('A0111', 'type', 'taken');
}

export async function createDictType(db: Db, input: DictTypeInput): Promise<DictType> {
  const data = dictTypeInputSchema.parse(input);
  await assertTypeKeyFree(db, data.type);
  const [created] = await guardConstraints('type', () =>
    db
      .insert(dictTypes)
      .values({ type: data.type, names: data.names, enabled: data.enabled, remark: data.remark ?? null })
      .returning({ id: dictTypes.id }),
  );
  if (!created) throw new Error('dict type insert returned nothing');
  await rebuildDictCache(db);
  return typeById(db, created.id);
}

export async function updateDictType(db: Db, id: number, input: DictTypeInput): Promise<DictType> {
  const data = dictTypeInputSchema.parse(input);
  const current = await found(db.select().from(dictTypes).where(eq(dictTypes.id, id)));
  // Code refers to built-in types by key (useDict('user_gender')); renaming one would break it.
  if (current.builtin && data.type !== current.type) throw AppError.field('A0440', 'type', 'builtin');
  await assertTypeKeyFree(db, data.type, id);
  await guardConstraints('type', () =>
    db
      .update(dictTypes)
      .set({
        type: data.type,
        names: data.names,
        enabled: data.enabled,
        remark: data.remark ?? null,
        updatedAt: new Date(),
      })
      .where(eq(dictTypes.id, id)),
  );
  await rebuildDictCache(db);
  return typeById(db, id);
}

/** All or nothing: an unknown id, a built-in type or a type with entries stops the whole call. */
export async function deleteDictTypes(db: Db, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: dictTypes.id, builtin: dictTypes.builtin, entryCount })
      .from(dictTypes)
      .where(inArray(dictTypes.id, unique))
      .for('update');
    if (rows.length !== unique.length) throw AppError.notFound();
    if (rows.some((r) => r.entryCount > 0)) throw AppError.field('A0440', 'ids', 'hasEntries');
    if (rows.some((r) => r.builtin)) throw AppError.field('A0440', 'ids', 'builtin');
    await guardConstraints('ids', () => tx.delete(dictTypes).where(inArray(dictTypes.id, unique)));
  });
  await rebuildDictCache(db);
}
