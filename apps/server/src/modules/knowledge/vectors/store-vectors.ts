import { inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { knowledgeVectors } from '../../../db/schema';
import { vectorToBytes } from '../../../lib/vector-search';
import { holdFragments } from '../documents/document.repo';
import { holdQa } from '../qa/qa.repo';
import type { PendingText } from './pending-texts';

/** The vector of a text the model refused: stored so that it is not asked again until it changes. */
export const REFUSED = new Float32Array(0);

/**
 * Writes the vectors of one batch in one transaction, replacing a row's older vector: the new
 * vector gets a new id, so every instance's vector index loads it with the rows added after the
 * highest id it holds. Rows deleted since they were read are skipped (they are locked against
 * deletion until the write commits); a row edited meanwhile gets a vector under the hash it was
 * read with, which no longer counts, so it stays pending and is embedded again.
 */
export async function storeVectors(
  db: Db,
  model: string,
  batch: readonly PendingText[],
  vectors: readonly Float32Array[],
): Promise<number> {
  if (batch.length !== vectors.length) throw new Error('one vector per text');
  return db.transaction(async (tx) => {
    const ids = (kind: PendingText['kind']) => batch.filter((t) => t.kind === kind).map((t) => t.id);
    const live = new Set<string>();
    // For each kind of text: lock the rows still there against deletion, and drop their older vectors.
    const holdAndClear = async (
      kind: PendingText['kind'],
      hold: (tx: Executor, ids: number[]) => Promise<number[]>,
      vectorOf: typeof knowledgeVectors.qaId | typeof knowledgeVectors.fragmentId,
    ) => {
      const textIds = ids(kind);
      if (!textIds.length) return;
      for (const id of await hold(tx, textIds)) live.add(`${kind}:${id}`);
      await tx.delete(knowledgeVectors).where(inArray(vectorOf, textIds));
    };
    await holdAndClear('qa', holdQa, knowledgeVectors.qaId);
    await holdAndClear('fragment', holdFragments, knowledgeVectors.fragmentId);
    const values = batch.flatMap((text, i) =>
      live.has(`${text.kind}:${text.id}`)
        ? [
            {
              customerId: text.customerId,
              qaId: text.kind === 'qa' ? text.id : null,
              fragmentId: text.kind === 'fragment' ? text.id : null,
              model,
              textHash: text.hash,
              vector: vectorToBytes(vectors[i] as Float32Array),
            },
          ]
        : [],
    );
    if (values.length) await tx.insert(knowledgeVectors).values(values);
    return values.length;
  });
}
