import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { knowledgeFiles, knowledgeFolders, knowledgeFragments } from '../../../db/schema';
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
): Promise<{ id: number; name: string; enabled: boolean }[]> {
  return exec
    .select({ id: knowledgeFiles.id, name: knowledgeFiles.name, enabled: knowledgeFiles.enabled })
    .from(knowledgeFiles)
    .where(
      and(
        scopeCondition(auth, knowledgeFiles.customerId, knowledgeFiles.ownerUserId),
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
