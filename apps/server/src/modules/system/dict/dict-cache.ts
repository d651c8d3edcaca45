import type { DictCache, DictTagColor } from '@agent-console/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dictEntries, dictTypes } from '../../../db/schema';

/**
 * The dictionary cache served to the web. Rebuilt after every change made through this server;
 * before answering it also compares a cheap fingerprint of both tables, so a change made by
 * another server instance (or by SQL) is picked up on the next read.
 */
const caches = new WeakMap<Db, DictCache>();

async function fingerprint(db: Db): Promise<string> {
  const result = await db.execute<{ fp: string }>(sql`
    select concat_ws('.',
      (select count(*) from ${dictTypes}), (select coalesce(max(id), 0) from ${dictTypes}),
      (select coalesce(floor(extract(epoch from max(updated_at)) * 1000), 0) from ${dictTypes}),
      (select count(*) from ${dictEntries}), (select coalesce(max(id), 0) from ${dictEntries}),
      (select coalesce(floor(extract(epoch from max(updated_at)) * 1000), 0) from ${dictEntries})
    ) as fp`);
  return String(result.rows[0]?.fp ?? '0');
}

export async function rebuildDictCache(db: Db): Promise<DictCache> {
  const version = await fingerprint(db);
  const rows = await db
    .select({
      type: dictTypes.type,
      value: dictEntries.value,
      labels: dictEntries.labels,
      tagColor: dictEntries.tagColor,
    })
    .from(dictEntries)
    .innerJoin(dictTypes, eq(dictTypes.id, dictEntries.typeId))
    .where(sql`${dictTypes.enabled} and ${dictEntries.enabled}`)
    .orderBy(asc(dictTypes.type), asc(dictEntries.sort), asc(dictEntries.id));
  const types = await db.select({ type: dictTypes.type }).from(dictTypes).where(eq(dictTypes.enabled, true));
  const dicts: DictCache['dicts'] = {};
  for (const { type } of types) dicts[type] = [];
  for (const row of rows) {
    dicts[row.type]?.push({ value: row.value, labels: row.labels, tagColor: row.tagColor as DictTagColor });
  }
  const cache = { version, dicts };
  caches.set(db, cache);
  return cache;
}

export async function getDictCache(db: Db): Promise<DictCache> {
  const cached = caches.get(db);
  if (cached && cached.version === (await fingerprint(db))) return cached;
  return rebuildDictCache(db);
}
