import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  EMBEDDED_FRAGMENT_TEXT,
  EMBEDDED_QA_TEXT,
  knowledgeFiles,
  knowledgeFragments,
  knowledgeVectors,
  qaRecords,
} from '../../../db/schema';

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
 * Which knowledge is embedded: every QA added by hand or of a document not in the recycle bin, and
 * every fragment of a processed document not in the recycle bin. Switched-off documents and
 * fragments are embedded too, so switching them on again needs no model call.
 */
const keptDocument = isNull(knowledgeFiles.deletedAt);

/**
 * Up to `limit` texts waiting for a vector of `model`, QA first (they answer directly), oldest
 * first. Nothing marks a row as pending: a row is pending while no vector of this model holds its
 * current hash, so a crash mid-batch leaves exactly the unwritten rows pending, and an edit or a
 * change of model makes rows pending again on its own.
 */
export async function pendingTexts(db: Db, model: string, limit: number): Promise<PendingText[]> {
  const qaVector = sql`not exists (select 1 from ${knowledgeVectors} v where v.qa_id = ${qaRecords.id} and v.model = ${model} and v.text_hash = ${qaRecords.embedHash})`;
  const qa = await db
    .select({
      id: qaRecords.id,
      customerId: qaRecords.customerId,
      text: sql<string>`${EMBEDDED_QA_TEXT}`,
      hash: sql<string>`${qaRecords.embedHash}`,
    })
    .from(qaRecords)
    .leftJoin(knowledgeFiles, eq(knowledgeFiles.id, qaRecords.fileId))
    .where(and(or(isNull(qaRecords.fileId), keptDocument), qaVector))
    .orderBy(asc(qaRecords.id))
    .limit(limit);
  const out: PendingText[] = qa.map((row) => ({ kind: 'qa', ...row }));
  if (out.length >= limit) return out;
  const fragmentVector = sql`not exists (select 1 from ${knowledgeVectors} v where v.fragment_id = ${knowledgeFragments.id} and v.model = ${model} and v.text_hash = ${knowledgeFragments.embedHash})`;
  const fragments = await db
    .select({
      id: knowledgeFragments.id,
      customerId: knowledgeFragments.customerId,
      text: sql<string>`${EMBEDDED_FRAGMENT_TEXT}`,
      hash: sql<string>`${knowledgeFragments.embedHash}`,
    })
    .from(knowledgeFragments)
    .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeFragments.fileId))
    .where(and(eq(knowledgeFiles.processStatus, 'completed'), keptDocument, fragmentVector))
    .orderBy(asc(knowledgeFragments.id))
    .limit(limit - out.length);
  for (const row of fragments) out.push({ kind: 'fragment', ...row });
  return out;
}
