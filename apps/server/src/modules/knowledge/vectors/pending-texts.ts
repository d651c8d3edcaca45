import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { knowledgeVectors } from '../../../db/schema';
import { fragmentsToEmbed } from '../documents/document.repo';
import { qaToEmbed } from '../qa/qa.repo';

/** A text of the knowledge that has no vector of the current model, or one made from an older text. */
export interface PendingText {
  kind: 'qa' | 'fragment';
  id: number;
  customerId: number;
  text: string;
  /** The row's `embed_hash` as read: the vector is stored with it. */
  hash: string;
}

/**
 * Up to `limit` texts waiting for a vector of `model`, QA first (they answer directly), oldest
 * first. Which texts are embedded is their owners' to say (`qaToEmbed`, `fragmentsToEmbed`).
 * Nothing marks a row as pending: a row is pending while no vector of this model holds its
 * current hash, so a crash mid-batch leaves exactly the unwritten rows pending, and an edit or a
 * change of model makes rows pending again on its own.
 */
export async function pendingTexts(db: Db, model: string, limit: number): Promise<PendingText[]> {
  const qaVector = sql`not exists (select 1 from ${knowledgeVectors} v where v.qa_id = ${qaToEmbed.id} and v.model = ${model} and v.text_hash = ${qaToEmbed.embedHash})`;
  const qa = await db
    .select({
      id: qaToEmbed.id,
      customerId: qaToEmbed.customerId,
      text: qaToEmbed.text,
      hash: sql<string>`${qaToEmbed.embedHash}`,
    })
    .from(qaToEmbed)
    .where(qaVector)
    .orderBy(asc(qaToEmbed.id))
    .limit(limit);
  const out: PendingText[] = qa.map((row) => ({ kind: 'qa', ...row }));
  if (out.length >= limit) return out;
  const fragmentVector = sql`not exists (select 1 from ${knowledgeVectors} v where v.fragment_id = ${fragmentsToEmbed.id} and v.model = ${model} and v.text_hash = ${fragmentsToEmbed.embedHash})`;
  const fragments = await db
    .select({
      id: fragmentsToEmbed.id,
      customerId: fragmentsToEmbed.customerId,
      text: fragmentsToEmbed.text,
      hash: sql<string>`${fragmentsToEmbed.embedHash}`,
    })
    .from(fragmentsToEmbed)
    .where(fragmentVector)
    .orderBy(asc(fragmentsToEmbed.id))
    .limit(limit - out.length);
  for (const row of fragments) out.push({ kind: 'fragment', ...row });
  return out;
}
