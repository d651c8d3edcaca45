import { and, eq, lt, max } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { knowledgeChanges } from '../../../db/schema';
import { KnowledgeIndex } from './knowledge-index';
import { loadKnowledgeUnits } from './knowledge-units';

/**
 * The agent's search index of each customer, kept in memory (issue 32). Every answer first reads
 * the customer's knowledge revision (the highest number of their `knowledge_changes`, a row that
 * database triggers add for every statement writing their QA, fragments or documents, migration
 * 0014), and rebuilds the index when it has moved: an edit is searchable at the very next answer,
 * on every instance, and no write path has to remember to say so. Concurrent answers share one
 * rebuild.
 */

/** Units kept in memory over all cached customers; the least recently used customers go first. */
const MAX_CACHED_UNITS = 400_000;

interface Entry {
  revision: number;
  index: Promise<KnowledgeIndex>;
  units: number;
}

const caches = new WeakMap<Db, Map<number, Entry>>();

function cacheOf(db: Db): Map<number, Entry> {
  const known = caches.get(db);
  if (known) return known;
  const cache = new Map<number, Entry>();
  caches.set(db, cache);
  return cache;
}

async function revisionOf(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ revision: max(knowledgeChanges.revision) })
    .from(knowledgeChanges)
    .where(eq(knowledgeChanges.customerId, customerId));
  return Number(row?.revision ?? 0);
}

/** The rows older than the revision an index was built at say nothing any more. */
async function forgetOlderChanges(db: Db, customerId: number, revision: number): Promise<void> {
  await db
    .delete(knowledgeChanges)
    .where(and(eq(knowledgeChanges.customerId, customerId), lt(knowledgeChanges.revision, revision)));
}

/** The customer's index as of their current knowledge revision, and that revision. */
export async function customerIndex(db: Db, customerId: number): Promise<{ index: KnowledgeIndex; revision: number }> {
  const cache = cacheOf(db);
  const revision = await revisionOf(db, customerId);
  const cached = cache.get(customerId);
  if (cached && cached.revision === revision) {
    // Most recently used last, so eviction takes the first.
    cache.delete(customerId);
    cache.set(customerId, cached);
    return { index: await cached.index, revision };
  }
  const entry: Entry = { revision, index: buildIndex(db, customerId, revision), units: 0 };
  cache.set(customerId, entry);
  try {
    const index = await entry.index;
    entry.units = index.units.length;
    evict(cache);
    return { index, revision };
  } catch (err) {
    if (cache.get(customerId) === entry) cache.delete(customerId);
    throw err;
  }
}

function evict(cache: Map<number, Entry>): void {
  let total = 0;
  for (const entry of cache.values()) total += entry.units;
  for (const [customerId, entry] of cache) {
    if (total <= MAX_CACHED_UNITS || cache.size <= 1) break;
    cache.delete(customerId);
    total -= entry.units;
  }
}

async function buildIndex(db: Db, customerId: number, revision: number): Promise<KnowledgeIndex> {
  const index = new KnowledgeIndex(await loadKnowledgeUnits(db, customerId));
  if (revision) await forgetOlderChanges(db, customerId, revision);
  return index;
}
