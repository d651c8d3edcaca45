import type { KnowledgeFile, KnowledgeFilePage, PageResult } from '@agent-console/contracts';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { knowledgeFiles, knowledgeFragments } from '../../../db/schema';
import { assertInScope, scopeCondition, subtreeCondition } from '../../../http/data-scope';
import { countOf, orderByFrom, pageOf } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import type { ObjectStorage } from '../../../storage';
import { deleteStoredObjectRows, storedObjectsByIds } from '../../system/oss/oss.repo';
import { loadObject } from '../../system/oss/oss.service';
import { documentQa, documentVectorStates } from './document-ports';
import { loadFolder } from './folder.service';
import { type FileRow, loadFile, rootFolder, toKnowledgeFile } from './knowledge-files';
import { enqueueDocument } from './knowledge-jobs';

type PageInput = KnowledgeFilePage;

/** A page of documents; with `embeddingModel`, each document's vector state too. */
export async function filePage(
  db: Db,
  auth: AuthContext,
  q: PageInput,
  embeddingModel: string | null = null,
): Promise<PageResult<KnowledgeFile>> {
  const where: (SQL | undefined)[] = [
    scopeCondition(auth, knowledgeFiles.customerId, knowledgeFiles.ownerUserId),
    q.recycled ? isNotNull(knowledgeFiles.deletedAt) : isNull(knowledgeFiles.deletedAt),
  ];
  if (q.customerId) where.push(eq(knowledgeFiles.customerId, q.customerId));
  if (q.folderId) where.push(eq(knowledgeFiles.folderId, q.folderId));
  if (q.name) where.push(ilike(knowledgeFiles.name, containsPattern(q.name)));
  if (q.miningStatus) where.push(eq(knowledgeFiles.miningStatus, q.miningStatus));
  if (q.enabled !== undefined) where.push(eq(knowledgeFiles.enabled, q.enabled));
  const order = orderByFrom(
    {
      name: knowledgeFiles.name,
      size: knowledgeFiles.size,
      createdAt: knowledgeFiles.createdAt,
      updatedAt: knowledgeFiles.updatedAt,
      qaCount: knowledgeFiles.qaCount,
      fragmentCount: knowledgeFiles.fragmentCount,
    },
    q.orderBy,
    [desc(q.recycled ? knowledgeFiles.deletedAt : knowledgeFiles.createdAt), desc(knowledgeFiles.id)],
  );
  const condition = and(...where);
  return pageOf(q, {
    rows: db
      .select()
      .from(knowledgeFiles)
      .where(condition)
      .orderBy(...order),
    count: countOf(db, knowledgeFiles, condition),
    toList: async (rows) => {
      const vectors = embeddingModel
        ? await documentVectorStates()(
            db,
            embeddingModel,
            rows.map((row) => row.id),
          )
        : null;
      return rows.map((row) => toKnowledgeFile(row, vectors?.get(row.id) ?? null));
    },
  });
}

/** Registers an uploaded PDF/Word object as a document and queues its processing. */
export async function saveFile(
  db: Db,
  boss: PgBoss | undefined,
  auth: AuthContext,
  body: { objectId: number; folderId?: number | undefined; name?: string | undefined },
): Promise<KnowledgeFile> {
  const object = await loadObject(db, auth, body.objectId).catch(() => {
    throw new AppError('A0404', { fields: [{ field: 'objectId', reason: 'invalidValue' }] });
  });
  if (object.purpose !== 'knowledge' || !['pdf', 'doc', 'docx'].includes(object.kind)) {
    throw AppError.field('A0701', 'objectId', 'invalidFormat');
  }
  const [used] = await db
    .select({ id: knowledgeFiles.id })
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.objectId, object.id));
  if (used) throw AppError.field('A0111', 'objectId', 'taken');
  // The document is the stored object's customer's (whose storage quota it counts against), so a
  // folder must be one of that customer's: upload for another customer with its id (x-customer-id).
  const folder = body.folderId ? await loadFolder(db, auth, body.folderId) : undefined;
  if (folder && folder.customerId !== object.customerId) throw AppError.field('A0400', 'folderId', 'otherCustomer');
  const folderId = folder?.id ?? (await rootFolder(db, object.customerId));
  const [row] = await db
    .insert(knowledgeFiles)
    .values({
      customerId: object.customerId,
      ownerUserId: auth.userId,
      folderId,
      objectId: object.id,
      kind: 'document',
      name: body.name ?? object.originalName,
      fileType: object.kind,
      size: object.size,
    })
    .returning();
  if (!row) throw new Error('document not created');
  await enqueueDocument(boss, row.id, row.attempt);
  return toKnowledgeFile(row);
}

export async function updateFile(
  db: Db,
  auth: AuthContext,
  id: number,
  body: { name?: string | undefined; folderId?: number | undefined; enabled?: boolean | undefined },
): Promise<KnowledgeFile> {
  const file = await loadFile(db, auth, id);
  if (file.deletedAt) throw AppError.notFound();
  if (body.folderId) {
    const folder = await loadFolder(db, auth, body.folderId);
    if (folder.customerId !== file.customerId) throw AppError.field('A0400', 'folderId', 'invalidValue');
  }
  const [row] = await db
    .update(knowledgeFiles)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.folderId !== undefined ? { folderId: body.folderId } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      updatedAt: new Date(),
    })
    .where(eq(knowledgeFiles.id, id))
    .returning();
  if (!row) throw AppError.notFound();
  return toKnowledgeFile(row);
}

/** Loads all ids inside the caller's scope, or refuses the whole batch (nothing changes). */
async function loadBatch(db: Db, auth: AuthContext, ids: number[]): Promise<FileRow[]> {
  const rows = await db.select().from(knowledgeFiles).where(inArray(knowledgeFiles.id, ids));
  if (rows.length !== new Set(ids).size) throw AppError.notFound();
  for (const r of rows) assertInScope(auth, r.customerId, r.ownerUserId);
  return rows;
}

export type BatchAction = 'enable' | 'disable' | 'move' | 'recycle' | 'restore' | 'purge';

export async function batchUpdate(
  db: Db,
  storage: ObjectStorage | undefined,
  auth: AuthContext,
  body: { ids: number[]; action: BatchAction; folderId?: number | undefined },
): Promise<{ affected: number }> {
  const rows = await loadBatch(db, auth, body.ids);
  const ids = rows.map((r) => r.id);
  const now = new Date();
  switch (body.action) {
    case 'enable':
    case 'disable':
      await db
        .update(knowledgeFiles)
        .set({ enabled: body.action === 'enable', updatedAt: now })
        .where(and(inArray(knowledgeFiles.id, ids), isNull(knowledgeFiles.deletedAt)));
      break;
    case 'move': {
      if (!body.folderId) throw AppError.field('A0410', 'folderId', 'required');
      const folder = await loadFolder(db, auth, body.folderId);
      if (rows.some((r) => r.customerId !== folder.customerId))
        throw AppError.field('A0400', 'folderId', 'invalidValue');
      await db
        .update(knowledgeFiles)
        .set({ folderId: folder.id, updatedAt: now })
        .where(inArray(knowledgeFiles.id, ids));
      break;
    }
    case 'recycle':
      await db
        .update(knowledgeFiles)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(inArray(knowledgeFiles.id, ids), isNull(knowledgeFiles.deletedAt)));
      break;
    case 'restore':
      await db.update(knowledgeFiles).set({ deletedAt: null, updatedAt: now }).where(inArray(knowledgeFiles.id, ids));
      break;
    case 'purge':
      if (rows.some((r) => !r.deletedAt)) throw AppError.field('A0440', 'ids', 'invalidValue');
      await purgeFiles(db, storage, rows);
      break;
  }
  return { affected: ids.length };
}

/**
 * Deletes documents for good: QA, fragments, imports (cascade), the row, the stored objects of the
 * document and of its import sheets, then their bytes. What is deleted no longer counts against
 * the customer's storage quota.
 */
export async function purgeFiles(db: Db, storage: ObjectStorage | undefined, rows: FileRow[]): Promise<void> {
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  const qa = documentQa();
  const sheets = await qa.importObjectsOf(db, ids);
  const objectIds = [...new Set([...rows.map((r) => r.objectId).filter((id): id is number => id !== null), ...sheets])];
  const objects = objectIds.length ? await storedObjectsByIds(db, objectIds) : [];
  await db.transaction(async (tx) => {
    await qa.deleteOf(tx, ids);
    await tx.delete(knowledgeFragments).where(inArray(knowledgeFragments.fileId, ids));
    await tx.delete(knowledgeFiles).where(inArray(knowledgeFiles.id, ids));
    if (objectIds.length) await deleteStoredObjectRows(tx, objectIds);
  });
  // Bytes go after the rows are gone: a failure here leaves an orphan file, never a dangling row.
  for (const o of objects) await storage?.delete(o.storageKey).catch(() => {});
}

/** A new attempt for an abnormal document: old fragments and mined QA go, processing restarts. */
export async function retryFile(
  db: Db,
  boss: PgBoss | undefined,
  auth: AuthContext,
  id: number,
): Promise<KnowledgeFile> {
  const file = await loadFile(db, auth, id);
  if (file.deletedAt) throw AppError.notFound();
  if (file.kind !== 'document' || file.miningStatus !== 1) throw AppError.field('A0440', 'id', 'invalidValue');
  const qa = documentQa();
  const row = await db.transaction(async (tx) => {
    await tx.delete(knowledgeFragments).where(eq(knowledgeFragments.fileId, id));
    await qa.deleteMinedOf(tx, id);
    const [updated] = await tx
      .update(knowledgeFiles)
      .set({
        attempt: sql`${knowledgeFiles.attempt} + 1`,
        processStatus: 'processing',
        miningStatus: 2,
        abnormalReason: null,
        fragmentCount: 0,
        updatedAt: new Date(),
      })
      .where(eq(knowledgeFiles.id, id))
      .returning();
    return updated;
  });
  if (!row) throw AppError.notFound();
  await enqueueDocument(boss, row.id, row.attempt);
  return toKnowledgeFile(row);
}

/**
 * Scheduled "purge recycle bin": documents binned more than `olderThanDays` ago go for good.
 * With `customerId`, only that customer's and its sub-customers' documents (a job's own scope).
 */
export async function purgeRecycleBin(
  db: Db,
  storage: ObjectStorage | undefined,
  olderThanDays = 30,
  customerId?: number,
): Promise<{ purged: number }> {
  const cutoff = new Date(Date.now() - olderThanDays * 86_400_000);
  const rows = await db
    .select()
    .from(knowledgeFiles)
    .where(
      and(
        isNotNull(knowledgeFiles.deletedAt),
        sql`${knowledgeFiles.deletedAt} <= ${cutoff}`,
        customerId === undefined ? undefined : subtreeCondition(knowledgeFiles.customerId, customerId),
      ),
    );
  await purgeFiles(db, storage, rows);
  return { purged: rows.length };
}
