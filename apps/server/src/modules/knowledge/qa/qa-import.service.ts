import type { QaImport } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import { qaImports } from '../../../db/schema';
import { foundInScope } from '../../../http/found';
import type { Upload } from '../../../http/multipart';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import type { ObjectStorage } from '../../../storage';
import { deleteObject, storeUpload } from '../../system/oss/oss.service';
import { assertKnowledgeCustomer, createManualSource, loadLiveFile } from '../documents/knowledge-files';
import { runQaImport, toQaImport } from './qa-import';
import { enqueueImport } from './qa-jobs';

/**
 * Stores the sheet (its type checked from its bytes) and queues the import. The sheet is stored
 * before a new source document is made, and the source and the import are recorded together, so
 * an upload refused for its type, size or the storage quota leaves nothing behind. Without a job
 * runner (a test without jobs) the import runs before this returns.
 */
export async function startImport(
  deps: { db: Db; storage: ObjectStorage; boss: PgBoss | undefined },
  auth: AuthContext,
  upload: Upload,
  fields: { fileId?: number | undefined; newFileName?: string | undefined; customerId?: number | undefined },
): Promise<QaImport> {
  const { db } = deps;
  if (fields.customerId !== undefined) await assertKnowledgeCustomer(db, auth, fields.customerId);
  const existing = fields.fileId ? await loadLiveFile(db, auth, fields.fileId, 'fileId') : undefined;
  if (existing && fields.customerId !== undefined && existing.customerId !== fields.customerId) {
    throw AppError.field('A0400', 'fileId', 'otherCustomer');
  }
  const customerId = existing?.customerId ?? fields.customerId ?? auth.customerId;
  const object = await storeUpload(db, deps.storage, auth, upload, 'qa-import', customerId);
  let row: typeof qaImports.$inferSelect | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const source = existing ?? (await createManualSource(tx, auth, customerId, fields.newFileName ?? ''));
      const [created] = await tx
        .insert(qaImports)
        .values({ customerId, ownerUserId: auth.userId, fileId: source.id, objectId: object.id })
        .returning();
      return created;
    });
  } catch (err) {
    await deleteObject(db, deps.storage, object);
    throw err;
  }
  if (!row) throw new Error('import not created');
  if (deps.boss) await enqueueImport(deps.boss, row.id);
  else await runQaImport(deps, row.id);
  return loadImport(db, auth, row.id);
}

export async function loadImport(db: Db, auth: AuthContext, id: number): Promise<QaImport> {
  return toQaImport(await foundInScope(auth, db.select().from(qaImports).where(eq(qaImports.id, id))));
}
