import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { knowledgeVectors } from '../../../db/schema';
import { VectorMatrix, vectorFromBytes } from '../../../lib/vector-search';
import { fragmentHashesToJoin as fragments } from '../documents/document.repo';
import { qaHashesToJoin as qa } from '../qa/qa.repo';

/**
 * The vector index of each customer, in memory (issue 33): the vectors of their QA and fragments
 * made by the current model from the rows' current text, searched exactly (lib/vector-search.ts).
 * Loaded on first use and kept fresh on every instance without a message between them: new
 * vectors always get higher ids (store-vectors.ts), so when the customer's highest vector id has
 * moved only the rows after the one held are read; when their knowledge revision has moved (an
 * edit, a deletion: index-cache.ts) the whole index is read again, so no vector of an older text
 * or of a deleted row is ever searched.
 */

/** Vectors kept in memory over all cached customers (768 dimensions: about 0.9 GB); least recently used go first. */
const MAX_CACHED_VECTORS = 300_000;
const PAGE = 2_000;

interface Held {
  model: string;
  revision: number;
  lastId: number;
  matrix: VectorMatrix | null;
}

interface Entry {
  held: Promise<Held>;
  size: number;
}

const caches = new WeakMap<Db, Map<number, Entry>>();

function cacheOf(db: Db): Map<number, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The key of a row in the matrix: `qa:<id>` or `fragment:<id>`. */
export type VectorKey = `qa:${number}` | `fragment:${number}`;

/**
 * The customer's vectors of `model` as of `revision` (their knowledge revision, read by the
 * caller) and of the highest vector id now stored; null when they have none. Concurrent callers
 * share one load.
 */
export async function customerVectors(
  db: Db,
  customerId: number,
  model: string,
  revision: number,
): Promise<VectorMatrix | null> {
  const cache = cacheOf(db);
  const lastId = await highestVectorId(db, customerId);
  const entry = cache.get(customerId);
  const before = entry ? await entry.held.catch(() => null) : null;
  if (entry && before && before.model === model && before.revision === revision && before.lastId >= lastId) {
    cache.delete(customerId);
    cache.set(customerId, entry);
    return before.matrix;
  }
  const fresh = before && before.model === model && before.revision === revision;
  const next: Entry = { held: load(db, customerId, model, revision, fresh ? before : null, lastId), size: 0 };
  cache.set(customerId, next);
  try {
    const held = await next.held;
    next.size = held.matrix?.size ?? 0;
    evict(cache);
    return held.matrix;
  } catch (err) {
    if (cache.get(customerId) === next) cache.delete(customerId);
    throw err;
  }
}

async function highestVectorId(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(knowledgeVectors.id) })
    .from(knowledgeVectors)
    .where(eq(knowledgeVectors.customerId, customerId));
  return row?.id ?? 0;
}

/**
 * Adds the vectors after `from.lastId` to `from` (its matrix is then shared), or reads them all.
 * A vector up to `seenId` that does not count now (made from a text edited since) never will:
 * reading them again is skipped.
 */
async function load(
  db: Db,
  customerId: number,
  model: string,
  revision: number,
  from: Held | null,
  seenId: number,
): Promise<Held> {
  let matrix = from?.matrix ?? null;
  let lastId = from?.lastId ?? 0;
  for (;;) {
    const rows = await db
      .select({
        id: knowledgeVectors.id,
        qaId: knowledgeVectors.qaId,
        fragmentId: knowledgeVectors.fragmentId,
        vector: knowledgeVectors.vector,
      })
      .from(knowledgeVectors)
      .leftJoin(qa, eq(qa.id, knowledgeVectors.qaId))
      .leftJoin(fragments, eq(fragments.id, knowledgeVectors.fragmentId))
      .where(
        and(
          eq(knowledgeVectors.customerId, customerId),
          eq(knowledgeVectors.model, model),
          gt(knowledgeVectors.id, lastId),
          sql`(${qa.embedHash} = ${knowledgeVectors.textHash} or ${fragments.embedHash} = ${knowledgeVectors.textHash})`,
        ),
      )
      .orderBy(asc(knowledgeVectors.id))
      .limit(PAGE);
    for (const row of rows) {
      lastId = row.id;
      // A refused text's empty vector, or a vector of another length than the model's others.
      const bytes = row.vector;
      if (!bytes.byteLength || bytes.byteLength % 4) continue;
      matrix ??= new VectorMatrix(bytes.byteLength / 4);
      if (bytes.byteLength !== matrix.dimensions * 4) continue;
      const key: VectorKey = row.qaId !== null ? `qa:${row.qaId}` : `fragment:${row.fragmentId ?? 0}`;
      matrix.add(key, vectorFromBytes(bytes, matrix.dimensions));
    }
    if (rows.length < PAGE) break;
  }
  // Rows written while this load ran, after its last page, are read by the next call.
  return { model, revision, lastId: Math.max(lastId, seenId), matrix };
}

function evict(cache: Map<number, Entry>): void {
  let total = 0;
  for (const entry of cache.values()) total += entry.size;
  for (const [customerId, entry] of cache) {
    if (total <= MAX_CACHED_VECTORS || cache.size <= 1) break;
    cache.delete(customerId);
    total -= entry.size;
  }
}
