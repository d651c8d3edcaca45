import type { QaImport } from '@agent-console/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import { knowledgeFiles, qaImports, qaRecords } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { assertInScope } from '../../http/data-scope';
import type { AuthContext } from '../../http/request-context';
import type { ObjectStorage } from '../../storage';
import { createManualSource, loadLiveFile } from '../knowledge/knowledge-files';
import { enqueueImport } from '../knowledge/knowledge-jobs';
import type { Upload } from '../oss/multipart';
import { storeUpload } from '../oss/oss.service';
import { qaFilter } from './qa.service';
import { runQaImport, toQaImport } from './qa-import';
import { exportWorkbook } from './qa-workbook';

/** Export rows cap: a sheet larger than the import cap could not be imported back. */
const EXPORT_MAX = 100_000;

/**
 * Stores the sheet (its type checked from its bytes) and queues the import. Without a job
 * runner (a test without jobs) the import runs before this returns.
 */
export async function startImport(
  deps: { db: Db; storage: ObjectStorage; boss: PgBoss | undefined },
  auth: AuthContext,
  upload: Upload,
  fields: { fileId?: number | undefined; newFileName?: string | undefined },
): Promise<QaImport> {
  const { db } = deps;
  const source = fields.fileId
    ? await loadLiveFile(db, auth, fields.fileId, 'fileId')
    : await createManualSource(db, auth, fields.newFileName ?? '');
  const object = await storeUpload(db, deps.storage, auth, upload, 'qa-import', source.customerId);
  const [row] = await db
    .insert(qaImports)
    .values({ customerId: source.customerId, ownerUserId: auth.userId, fileId: source.id, objectId: object.id })
    .returning();
  if (!row) throw new Error('import not created');
  if (deps.boss) await enqueueImport(deps.boss, row.id);
  else await runQaImport(deps, row.id);
  return loadImport(db, auth, row.id);
}

export async function loadImport(db: Db, auth: AuthContext, id: number): Promise<QaImport> {
  const [row] = await db.select().from(qaImports).where(eq(qaImports.id, id));
  if (!row) throw AppError.notFound();
  assertInScope(auth, row.customerId, row.ownerUserId);
  return toQaImport(row);
}

export async function exportQa(
  db: Db,
  auth: AuthContext,
  query: { fileId?: number | undefined; keyword?: string | undefined },
): Promise<Buffer> {
  const { where } = qaFilter(auth, query);
  const rows = await db
    .select({ question: qaRecords.question, answer: qaRecords.answer, tags: qaRecords.tags })
    .from(qaRecords)
    .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, qaRecords.fileId))
    .where(and(where))
    .orderBy(desc(qaRecords.updatedAt))
    .limit(EXPORT_MAX);
  return exportWorkbook(rows);
}
