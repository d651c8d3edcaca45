import type { KnowledgeFile, VectorState } from '@agent-console/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { knowledgeFiles, knowledgeFolders } from '../../../db/schema';
import { assertInScope, inScope, scopeCondition } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { customerExists } from '../../system/customer/customer.repo';

export type FileRow = typeof knowledgeFiles.$inferSelect;

/** The document as the API shows it; `vectors` only where the list asked for them (an embedding model is configured). */
export function toKnowledgeFile(row: FileRow, vectors: VectorState | null = null): KnowledgeFile {
  return {
    id: row.id,
    folderId: row.folderId,
    kind: row.kind as KnowledgeFile['kind'],
    name: row.name,
    fileType: row.fileType,
    size: row.size,
    enabled: row.enabled,
    processStatus: row.processStatus as KnowledgeFile['processStatus'],
    miningStatus: row.miningStatus as KnowledgeFile['miningStatus'],
    fragmentCount: row.fragmentCount,
    qaCount: row.qaCount,
    vectors,
    abnormalReason: row.abnormalReason,
    objectId: row.objectId,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A document by id inside the caller's scope (any state), else A0404. */
export async function loadFile(db: Executor, auth: AuthContext, id: number): Promise<FileRow> {
  const [row] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
  if (!row) throw AppError.notFound();
  assertInScope(auth, row.customerId, row.ownerUserId);
  return row;
}

/**
 * A document that is not in the recycle bin; `field` names the request field on failure, the same
 * for one that is missing, binned or out of scope (ids of others cannot be probed).
 */
export async function loadLiveFile(db: Executor, auth: AuthContext, id: number, field: string): Promise<FileRow> {
  const [row] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
  if (!row || row.deletedAt || !inScope(auth, row.customerId, row.ownerUserId)) {
    throw new AppError('A0404', { fields: [{ field, reason: 'invalidValue' }] });
  }
  return row;
}

/** The customer's root folder, created on first use (a partial unique index keeps it single). */
export async function rootFolder(db: Executor, customerId: number): Promise<number> {
  const find = () =>
    db
      .select({ id: knowledgeFolders.id })
      .from(knowledgeFolders)
      .where(and(eq(knowledgeFolders.customerId, customerId), isNull(knowledgeFolders.parentId)));
  const [found] = await find();
  if (found) return found.id;
  await db.insert(knowledgeFolders).values({ customerId, parentId: null, name: '/' }).onConflictDoNothing();
  const [made] = await find();
  if (!made) throw new Error('root folder not created');
  return made.id;
}

/**
 * A customer whose knowledge the caller may keep: their own, or one in their data scope that
 * exists. Any other id is refused alike (A0312 naming `customerId`), so ids cannot be probed.
 */
export async function assertKnowledgeCustomer(db: Executor, auth: AuthContext, customerId: number): Promise<void> {
  if (customerId === auth.customerId) return;
  if (!inScope(auth, customerId) || !(await customerExists(db, customerId))) {
    throw AppError.field('A0312', 'customerId', 'invalidValue');
  }
}

/**
 * A QA source without a file, named from the QA dialog, in the given customer (checked by the
 * caller); an existing live source of the same name there is reused rather than duplicated, if the
 * caller's data scope shows it (otherwise a name would reach a document the caller may not see).
 */
export async function createManualSource(
  db: Executor,
  auth: AuthContext,
  customerId: number,
  name: string,
): Promise<FileRow> {
  const trimmed = name.trim();
  const [existing] = await db
    .select()
    .from(knowledgeFiles)
    .where(
      and(
        eq(knowledgeFiles.customerId, customerId),
        scopeCondition(auth, knowledgeFiles.customerId, knowledgeFiles.ownerUserId),
        eq(knowledgeFiles.name, trimmed),
        isNull(knowledgeFiles.deletedAt),
      ),
    )
    .limit(1);
  if (existing) return existing;
  const folderId = await rootFolder(db, customerId);
  const [row] = await db
    .insert(knowledgeFiles)
    .values({
      customerId,
      ownerUserId: auth.userId,
      folderId,
      kind: 'manual',
      name: trimmed,
      processStatus: 'completed',
      miningStatus: 3,
    })
    .returning();
  if (!row) throw new Error('source not created');
  return row;
}
