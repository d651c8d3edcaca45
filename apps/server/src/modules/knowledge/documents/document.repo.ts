import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { EMBEDDED_FRAGMENT_TEXT, knowledgeFiles, knowledgeFolders, knowledgeFragments } from '../../../db/schema';
import { scopeCondition } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/**
 * The knowledge files' id, name, enabled flag and deletion time as a subquery to join by `id`
 * (Postgres flattens it: the plan is that of a join of the table itself).
 */
export const knowledgeFilesToJoin = new QueryBuilder()
  .select({
    id: knowledgeFiles.id,
    name: knowledgeFiles.name,
    enabled: knowledgeFiles.enabled,
    deletedAt: knowledgeFiles.deletedAt,
  })
  .from(knowledgeFiles)
  .as('knowledge_file');

/** The live (not deleted) knowledge files in the caller's scope, by name, at most 5000: what a QA may be filed under. */
export function liveFilesInScope(
  exec: Executor,
  auth: AuthContext,
  customerId?: number,
): Promise<{ id: number; name: string; enabled: boolean }[]> {
  return exec
    .select({ id: knowledgeFiles.id, name: knowledgeFiles.name, enabled: knowledgeFiles.enabled })
    .from(knowledgeFiles)
    .where(
      and(
        scopeCondition(auth, knowledgeFiles.customerId, knowledgeFiles.ownerUserId),
        customerId === undefined ? undefined : eq(knowledgeFiles.customerId, customerId),
        isNull(knowledgeFiles.deletedAt),
      ),
    )
    .orderBy(asc(knowledgeFiles.name), asc(knowledgeFiles.id))
    .limit(5000);
}

/**
 * The live documents (enabled, not in the recycle bin) with their name and folder, as a subquery to
 * join by `id` (Postgres flattens it: the plan is that of a join of the table itself).
 */
export const liveDocumentsToJoin = new QueryBuilder()
  .select({ id: knowledgeFiles.id, name: knowledgeFiles.name, folderId: knowledgeFiles.folderId })
  .from(knowledgeFiles)
  .where(and(eq(knowledgeFiles.enabled, true), isNull(knowledgeFiles.deletedAt)))
  .as('live_document');

/** Every fragment of the customer's completed live documents, with its document's name and folder, in reading order. */
export function liveFragmentsOfCustomer(
  exec: Executor,
  customerId: number,
): Promise<
  {
    id: number;
    fileId: number;
    fileName: string;
    folderId: number | null;
    heading: string | null;
    content: string;
    enabled: boolean;
  }[]
> {
  return exec
    .select({
      id: knowledgeFragments.id,
      fileId: knowledgeFragments.fileId,
      fileName: knowledgeFiles.name,
      folderId: knowledgeFiles.folderId,
      heading: knowledgeFragments.heading,
      content: knowledgeFragments.content,
      enabled: knowledgeFragments.enabled,
    })
    .from(knowledgeFragments)
    .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeFragments.fileId))
    .where(
      and(
        eq(knowledgeFragments.customerId, customerId),
        eq(knowledgeFiles.processStatus, 'completed'),
        eq(knowledgeFiles.enabled, true),
        isNull(knowledgeFiles.deletedAt),
      ),
    )
    .orderBy(asc(knowledgeFragments.fileId), asc(knowledgeFragments.seq));
}

/** The customer's knowledge folders (id and parent), for walking the tree. */
export function foldersOfCustomer(
  exec: Executor,
  customerId: number,
): Promise<{ id: number; parentId: number | null }[]> {
  return exec
    .select({ id: knowledgeFolders.id, parentId: knowledgeFolders.parentId })
    .from(knowledgeFolders)
    .where(eq(knowledgeFolders.customerId, customerId));
}

/** Those of `ids` that are knowledge folders of the customer. */
export async function customerFolderIdsAmong(exec: Executor, customerId: number, ids: number[]): Promise<number[]> {
  const rows = await exec
    .select({ id: knowledgeFolders.id })
    .from(knowledgeFolders)
    .where(and(eq(knowledgeFolders.customerId, customerId), inArray(knowledgeFolders.id, ids)));
  return rows.map((r) => r.id);
}

/** Where the processing of a knowledge file stands (e.g. 'completed'); undefined when there is no such file. */
export async function knowledgeFileProcessStatus(exec: Executor, fileId: number): Promise<string | undefined> {
  const [row] = await exec
    .select({ status: knowledgeFiles.processStatus })
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.id, fileId));
  return row?.status;
}

/** Sets a document's QA count (the QA feature counts its rows after each change). */
export async function setDocumentQaCount(exec: Executor, fileId: number, qaCount: number): Promise<void> {
  await exec.update(knowledgeFiles).set({ qaCount, updatedAt: new Date() }).where(eq(knowledgeFiles.id, fileId));
}

/**
 * Every fragment's document and the hash of the text an embedding model is given, as a subquery to
 * join by `id` (Postgres flattens it: the plan is that of a join of the table itself).
 */
export const fragmentHashesToJoin = new QueryBuilder()
  .select({ id: knowledgeFragments.id, fileId: knowledgeFragments.fileId, embedHash: knowledgeFragments.embedHash })
  .from(knowledgeFragments)
  .as('fragment_hash');

/**
 * The fragments the vectors embed, with the text the model is given and its hash (`embedHash`), as a subquery
 * (flattened by Postgres): every fragment of a processed document not in the recycle bin.
 * Switched-off documents and fragments count too, so switching them on again needs no model call.
 */
export const fragmentsToEmbed = new QueryBuilder()
  .select({
    id: knowledgeFragments.id,
    customerId: knowledgeFragments.customerId,
    text: sql<string>`${EMBEDDED_FRAGMENT_TEXT}`.as('text'),
    embedHash: knowledgeFragments.embedHash,
  })
  .from(knowledgeFragments)
  .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeFragments.fileId))
  .where(and(eq(knowledgeFiles.processStatus, 'completed'), isNull(knowledgeFiles.deletedAt)))
  .as('fragment_text');

/**
 * Those of `ids` that are still fragments, locked against deletion until the transaction ends
 * (their vectors are being written).
 */
export async function holdFragments(tx: Executor, ids: number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: knowledgeFragments.id })
    .from(knowledgeFragments)
    .where(inArray(knowledgeFragments.id, ids))
    .for('key share');
  return rows.map((r) => r.id);
}
