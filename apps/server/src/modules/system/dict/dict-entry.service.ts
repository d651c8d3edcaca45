import type { DictEntry, DictEntryInput, DictEntryPageQuery, DictTagColor, PageResult } from '@agent-console/contracts';
import { dictEntryInputSchema, dictEntryPageQuerySchema, valueDictValues } from '@agent-console/contracts';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { dictEntries, dictTypes } from '../../../db/schema';
import { found } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import { AppError } from '../../../lib/app-error';
import { rebuildDictCache } from './dict-cache';

type EntryRow = typeof dictEntries.$inferSelect;

/** Entries with their type's key, as the list and a single entry answer them. */
const selectEntries = (db: Db) =>
  db
    .select({ row: dictEntries, type: dictTypes.type })
    .from(dictEntries)
    .innerJoin(dictTypes, eq(dictTypes.id, dictEntries.typeId));

function toDictEntry(row: EntryRow, type: string): DictEntry {
  return {
    id: row.id,
    typeId: row.typeId,
    type,
    value: row.value,
    labels: row.labels,
    sort: row.sort,
    tagColor: row.tagColor as DictTagColor,
    enabled: row.enabled,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function pageDictEntries(db: Db, query: DictEntryPageQuery): Promise<PageResult<DictEntry>> {
  const q = dictEntryPageQuerySchema.parse(query);
  const conditions: SQL[] = [];
  if (q.typeId) conditions.push(eq(dictEntries.typeId, q.typeId));
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    const labels = ['en', 'zh-chs', 'zh-cht', 'ja'].map((lang) => sql`(${dictEntries.labels} ->> ${lang}) ilike ${p}`);
    conditions.push(or(ilike(dictEntries.value, p), ...labels) as SQL);
  }
  if (q.enabled !== undefined) conditions.push(eq(dictEntries.enabled, q.enabled));
  const where = conditions.length ? and(...conditions) : undefined;
  return sortedPage(db, q, {
    select: selectEntries(db),
    where,
    table: dictEntries,
    sortable: { value: dictEntries.value, sort: dictEntries.sort, createdAt: dictEntries.createdAt },
    fallback: [asc(dictEntries.typeId), asc(dictEntries.sort), asc(dictEntries.id)],
    toDto: (r) => toDictEntry(r.row, r.type),
  });
}

async function entryById(db: Db, id: number): Promise<DictEntry> {
  const row = await found(selectEntries(db).where(eq(dictEntries.id, id)));
  return toDictEntry(row.row, row.type);
}

async function assertEntryFree(db: Db, typeId: number, value: string, exceptId?: number): Promise<void> {
  const [type] = await db
    .select({ id: dictTypes.id, type: dictTypes.type })
    .from(dictTypes)
    .where(eq(dictTypes.id, typeId));
  if (!type) throw AppError.field('A0400', 'typeId', 'invalidValue');
  // A value dictionary labels an enum of the code: a value the code does not know would be offered
  // by the screens and then refused by every API that takes it.
  const allowed = valueDictValues(type.type);
  if (allowed && !allowed.includes(value)) throw AppError.field('A0440', 'value', 'invalidValue');
  const [taken] = await db
    .select({ id: dictEntries.id })
    .from(dictEntries)
    .where(and(eq(dictEntries.typeId, typeId), eq(dictEntries.value, value)));
  if (taken && taken.id !== exceptId) throw AppError.field('A0111', 'value', 'taken');
}

export async function createDictEntry(db: Db, input: DictEntryInput): Promise<DictEntry> {
  const data = dictEntryInputSchema.parse(input);
  await assertEntryFree(db, data.typeId, data.value);
  const [created] = await guardConstraints('value', () =>
    db
      .insert(dictEntries)
      .values({ ...data, remark: data.remark ?? null })
      .returning({ id: dictEntries.id }),
  );
  if (!created) throw new Error('dict entry insert returned nothing');
  await rebuildDictCache(db);
  return entryById(db, created.id);
}

export async function updateDictEntry(db: Db, id: number, input: DictEntryInput): Promise<DictEntry> {
  const data = dictEntryInputSchema.parse(input);
  const current = await found(
    db
      .select({ id: dictEntries.id, typeId: dictEntries.typeId, value: dictEntries.value, type: dictTypes.type })
      .from(dictEntries)
      .innerJoin(dictTypes, eq(dictTypes.id, dictEntries.typeId))
      .where(eq(dictEntries.id, id)),
  );
  // An entry of a value dictionary stays the label of its value: only labels, order, colour,
  // status and remark change.
  if (valueDictValues(current.type)) {
    if (data.typeId !== current.typeId) throw AppError.field('A0440', 'typeId', 'fixed');
    if (data.value !== current.value) throw AppError.field('A0440', 'value', 'fixed');
  }
  await assertEntryFree(db, data.typeId, data.value, id);
  await guardConstraints('value', () =>
    db
      .update(dictEntries)
      .set({ ...data, remark: data.remark ?? null, updatedAt: new Date() })
      .where(eq(dictEntries.id, id)),
  );
  await rebuildDictCache(db);
  return entryById(db, id);
}

/**
 * All or nothing: one unknown id, or an entry of a value dictionary (its value is the code's and
 * the seed never brings a deleted entry back), leaves every entry in place.
 */
export async function deleteDictEntries(db: Db, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: dictEntries.id, type: dictTypes.type })
      .from(dictEntries)
      .innerJoin(dictTypes, eq(dictTypes.id, dictEntries.typeId))
      .where(inArray(dictEntries.id, unique));
    if (rows.length !== unique.length) throw AppError.notFound();
    if (rows.some((r) => valueDictValues(r.type))) throw AppError.field('A0440', 'ids', 'builtin');
    await tx.delete(dictEntries).where(inArray(dictEntries.id, unique));
  });
  await rebuildDictCache(db);
}
