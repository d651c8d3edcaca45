import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { EMBEDDED_QA_TEXT, qaImports, qaRecords } from '../../../db/schema';
import { knowledgeFilesToJoin, liveDocumentsToJoin } from '../documents/document.repo';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/**
 * Every QA of the customer the agent may answer from: one filed under no document or under a live
 * one, with that document's name and folder, by id. One query (a join of the documents).
 */
export function liveQaOfCustomer(
  exec: Executor,
  customerId: number,
): Promise<
  {
    id: number;
    fileId: number | null;
    fileName: string | null;
    folderId: number | null;
    question: string;
    answer: string;
  }[]
> {
  const live = liveDocumentsToJoin;
  return exec
    .select({
      id: qaRecords.id,
      fileId: qaRecords.fileId,
      fileName: live.name,
      folderId: live.folderId,
      question: qaRecords.question,
      answer: qaRecords.answer,
    })
    .from(qaRecords)
    .leftJoin(live, eq(live.id, qaRecords.fileId))
    .where(and(eq(qaRecords.customerId, customerId), or(isNull(qaRecords.fileId), isNotNull(live.id))))
    .orderBy(asc(qaRecords.id));
}

/** How many QA a document has. */
export async function qaCountOf(exec: Executor, fileId: number): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(qaRecords).where(eq(qaRecords.fileId, fileId));
  return row?.n ?? 0;
}

/** The stored objects (the sheets) of the QA imports into these documents. */
export async function qaImportObjectsOf(exec: Executor, fileIds: number[]): Promise<number[]> {
  const rows = await exec.select({ id: qaImports.objectId }).from(qaImports).where(inArray(qaImports.fileId, fileIds));
  return rows.map((r) => r.id);
}

/** Deletes every QA of these documents. */
export async function deleteQaOfDocuments(tx: Executor, fileIds: number[]): Promise<void> {
  await tx.delete(qaRecords).where(inArray(qaRecords.fileId, fileIds));
}

/** Deletes the QA mined from a document; those added by hand or imported stay. */
export async function deleteMinedQaOf(tx: Executor, fileId: number): Promise<void> {
  await tx.delete(qaRecords).where(and(eq(qaRecords.fileId, fileId), eq(qaRecords.origin, 'mined')));
}

/**
 * Every QA's document (null: added by hand without one) and the hash of the text an embedding
 * model is given, as a subquery to join by `id` (Postgres flattens it into the join).
 */
export const qaHashesToJoin = new QueryBuilder()
  .select({ id: qaRecords.id, fileId: qaRecords.fileId, embedHash: qaRecords.embedHash })
  .from(qaRecords)
  .as('qa_hash');

/**
 * The QA the vectors embed, with the text the model is given and its hash (`embedHash`), as a subquery
 * (flattened by Postgres): every QA added by hand or of a document not in the recycle bin.
 * Those of switched-off documents count too, so switching them on again needs no model call.
 */
export const qaToEmbed = new QueryBuilder()
  .select({
    id: qaRecords.id,
    customerId: qaRecords.customerId,
    text: sql<string>`${EMBEDDED_QA_TEXT}`.as('text'),
    embedHash: qaRecords.embedHash,
  })
  .from(qaRecords)
  .leftJoin(knowledgeFilesToJoin, eq(knowledgeFilesToJoin.id, qaRecords.fileId))
  .where(or(isNull(qaRecords.fileId), isNull(knowledgeFilesToJoin.deletedAt)))
  .as('qa_text');

/** Those of `ids` that are still QA, locked against deletion until the transaction ends (their vectors are being written). */
export async function holdQa(tx: Executor, ids: number[]): Promise<number[]> {
  const rows = await tx.select({ id: qaRecords.id }).from(qaRecords).where(inArray(qaRecords.id, ids)).for('key share');
  return rows.map((r) => r.id);
}
