import type { KnowledgeFolder } from '@agent-console/contracts';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { knowledgeFiles, knowledgeFolders } from '../../../db/schema';
import { inScope, scopeCondition } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { assertKnowledgeCustomer, rootFolder } from './knowledge-files';

/**
 * The folders of one customer (the caller's own unless another in their scope is asked for), with
 * the counts of live documents the caller may see; the root leads and is made on first use.
 */
export async function folderTree(db: Db, auth: AuthContext, customerId = auth.customerId): Promise<KnowledgeFolder[]> {
  await assertKnowledgeCustomer(db, auth, customerId);
  await rootFolder(db, customerId);
  const folders = await db
    .select()
    .from(knowledgeFolders)
    .where(and(scopeCondition(auth, knowledgeFolders.customerId), eq(knowledgeFolders.customerId, customerId)))
    .orderBy(asc(knowledgeFolders.id));
  const counts = await db
    .select({ folderId: knowledgeFiles.folderId, n: count() })
    .from(knowledgeFiles)
    .where(
      and(
        scopeCondition(auth, knowledgeFiles.customerId, knowledgeFiles.ownerUserId),
        isNull(knowledgeFiles.deletedAt),
      ),
    )
    .groupBy(knowledgeFiles.folderId);
  const byFolder = new Map(counts.map((c) => [c.folderId, c.n]));
  return folders.map((f) => ({ id: f.id, parentId: f.parentId, name: f.name, fileCount: byFolder.get(f.id) ?? 0 }));
}

/** A folder in the caller's scope; one that is missing or out of scope is refused alike, naming `field`. */
export async function loadFolder(db: Db, auth: AuthContext, id: number, field = 'folderId') {
  const [row] = await db.select().from(knowledgeFolders).where(eq(knowledgeFolders.id, id));
  if (!row || !inScope(auth, row.customerId))
    throw new AppError('A0404', { fields: [{ field, reason: 'invalidValue' }] });
  return row;
}

export async function saveFolder(db: Db, auth: AuthContext, body: { parentId?: number | undefined; name: string }) {
  const parentId = body.parentId ?? (await rootFolder(db, auth.customerId));
  const parent = await loadFolder(db, auth, parentId, 'parentId');
  const [row] = await db
    .insert(knowledgeFolders)
    .values({ customerId: parent.customerId, parentId: parent.id, name: body.name })
    .returning();
  if (!row) throw new Error('folder not created');
  return { id: row.id, parentId: row.parentId, name: row.name, fileCount: 0 };
}

export async function renameFolder(db: Db, auth: AuthContext, id: number, name: string) {
  const folder = await loadFolder(db, auth, id, 'id');
  if (folder.parentId === null) throw AppError.field('A0440', 'id', 'builtin');
  await db.update(knowledgeFolders).set({ name }).where(eq(knowledgeFolders.id, id));
  return { id, parentId: folder.parentId, name, fileCount: 0 };
}

/** Only an empty, non-root folder can go (documents in the recycle bin count as content). */
export async function deleteFolder(db: Db, auth: AuthContext, id: number): Promise<void> {
  const folder = await loadFolder(db, auth, id, 'id');
  if (folder.parentId === null) throw AppError.field('A0440', 'id', 'builtin');
  const [children] = await db.select({ n: count() }).from(knowledgeFolders).where(eq(knowledgeFolders.parentId, id));
  const [files] = await db.select({ n: count() }).from(knowledgeFiles).where(eq(knowledgeFiles.folderId, id));
  if ((children?.n ?? 0) > 0) throw AppError.field('A0440', 'id', 'hasChildren');
  if ((files?.n ?? 0) > 0) throw AppError.field('A0440', 'id', 'inUse');
  await db.delete(knowledgeFolders).where(eq(knowledgeFolders.id, id));
}
