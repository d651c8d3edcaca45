import { QA_ANSWER_MAX, QA_QUESTION_MAX, QA_TAGS_MAX, type QaImport } from '@agent-console/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { qaImports } from '../../../db/schema';
import { yieldToEventLoop } from '../../../lib/event-loop';
import { WorkerTaskError } from '../../../lib/worker-task';
import type { ObjectStorage } from '../../../storage';
import { storedObjectRows } from '../../system/oss/oss.repo';
import { qaVectorsInWorker, readSheetInWorker } from '../documents/parse-pool';
import { type SheetCell, SheetError, type SheetRow } from '../documents/qa-sheet';
import { normaliseTags } from './qa.service';
import { type QaRowInput, refreshQaCount, upsertQa } from './qa-store';

export interface ImportDeps {
  db: Db;
  storage: ObjectStorage;
}

/**
 * Rows written per transaction; progress is visible after each batch. On the embedded database a
 * transaction has the database to itself, so every other request waits for the batch in hand:
 * the batch size adapts to keep each transaction near `targetMs` (a few dozen rows of long
 * answers, a few hundred of short ones).
 */
export const IMPORT_BATCH = { first: 50, min: 10, max: 500, targetMs: 60 };

/** The next batch size from how long the last one took: shrinks at once, grows at most twofold. */
export function nextBatchSize(size: number, tookMs: number): number {
  const scaled = Math.round((size * IMPORT_BATCH.targetMs) / Math.max(tookMs, 1));
  return Math.max(IMPORT_BATCH.min, Math.min(IMPORT_BATCH.max, size * 2, scaled));
}

/** Why one row was refused; stable keys that the screen translates. */
export type RowReason =
  | 'questionEmpty'
  | 'answerEmpty'
  | 'questionTooLong'
  | 'answerTooLong'
  | 'tagsTooLong'
  | 'formula';

class StaleBatch extends Error {}

/**
 * Runs one import to its end. Each batch of rows is written together with the import's
 * progress in one transaction guarded by the expected progress, so after a crash the next run
 * resumes exactly where the last committed batch ended, and two runs at once cannot both
 * write a batch. The whole sheet is read and checked (row cap) before the first write. The next
 * batch's search words are segmented in a worker while the current batch is written (issue 38),
 * so the transaction that holds the embedded database does no segmenting; the batch size adapts
 * one batch later for it.
 */
export async function runQaImport(deps: ImportDeps, importId: number): Promise<void> {
  const { db } = deps;
  const [job] = await db.select().from(qaImports).where(eq(qaImports.id, importId));
  if (!job || job.status === 'completed' || job.status === 'failed') return;
  try {
    const [object] = await storedObjectRows(db, job.objectId);
    if (!object) throw new SheetError('unreadable');
    const data = await deps.storage.get(object.storageKey);
    // Parsing runs in a worker thread, with memory and time limits.
    const rows = await readSheetInWorker(object.kind === 'csv' ? 'csv' : 'xlsx', data);
    await db
      .update(qaImports)
      .set({ status: 'running', totalRows: rows.length, updatedAt: new Date() })
      .where(eq(qaImports.id, importId));
    let size = IMPORT_BATCH.first;
    let ahead = job.processedRows < rows.length ? prepareBatch(job, rows, job.processedRows, size) : undefined;
    while (ahead) {
      const batch = ahead;
      const next = batch.at + batch.rows.length;
      ahead = next < rows.length ? prepareBatch(job, rows, next, size) : undefined;
      const started = performance.now();
      await writeBatch(db, job, batch);
      size = nextBatchSize(size, performance.now() - started);
      await yieldToEventLoop();
    }
    await refreshQaCount(db, job.fileId);
    await db.update(qaImports).set({ status: 'completed', updatedAt: new Date() }).where(eq(qaImports.id, importId));
  } catch (err) {
    if (err instanceof StaleBatch) return;
    // The server is shutting down: the job is retried after the restart.
    if (err instanceof WorkerTaskError && err.failure === 'closed') throw err;
    const reason = err instanceof SheetError ? err.reason : 'unreadable';
    await db
      .update(qaImports)
      .set({ status: 'failed', error: reason, updatedAt: new Date() })
      .where(and(eq(qaImports.id, importId), sql`${qaImports.status} <> 'completed'`));
  }
}

/** A batch of the sheet's rows checked, its valid rows' search vectors on their way from a worker. */
interface PreparedBatch {
  at: number;
  rows: SheetRow[];
  valid: QaRowInput[];
  rejected: { row: number; reason: RowReason }[];
  /** Null when the worker could not segment them: they are segmented while written, as before. */
  vectors: Promise<string[] | null>;
}

function prepareBatch(job: typeof qaImports.$inferSelect, rows: SheetRow[], at: number, size: number): PreparedBatch {
  const batch = rows.slice(at, at + size);
  const rejected: PreparedBatch['rejected'] = [];
  const valid: QaRowInput[] = [];
  for (const row of batch) {
    const checked = checkRow(row);
    if ('reason' in checked) rejected.push({ row: row.row, reason: checked.reason });
    else
      valid.push({
        ...checked,
        customerId: job.customerId,
        ownerUserId: job.ownerUserId,
        fileId: job.fileId,
        origin: 'import' as const,
      });
  }
  const vectors = valid.length
    ? qaVectorsInWorker(valid.map((r) => [r.question, r.answer, r.tags])).catch((err: unknown) => {
        // Shutting down: the job is retried after the restart. Any other failure of the worker
        // costs only speed.
        if (err instanceof WorkerTaskError && err.failure === 'closed') throw err;
        return null;
      })
    : Promise.resolve([]);
  // Awaited when the batch's turn comes; a shutdown met before then must not end the process.
  vectors.catch(() => {});
  return { at, rows: batch, valid, rejected, vectors };
}

async function writeBatch(db: Db, job: typeof qaImports.$inferSelect, batch: PreparedBatch): Promise<void> {
  const { at, rejected } = batch;
  const vectors = await batch.vectors;
  const valid = vectors ? batch.valid.map((row, i) => ({ ...row, vector: vectors[i] })) : batch.valid;
  await db.transaction(async (tx) => {
    const counts = valid.length ? await upsertQa(tx, valid) : { inserted: 0, updated: 0 };
    const done = await tx
      .update(qaImports)
      .set({
        processedRows: at + batch.rows.length,
        inserted: sql`${qaImports.inserted} + ${counts.inserted}`,
        updated: sql`${qaImports.updated} + ${counts.updated}`,
        rejected: sql`${qaImports.rejected} || ${JSON.stringify(rejected)}::jsonb`,
        updatedAt: new Date(),
      })
      .where(and(eq(qaImports.id, job.id), eq(qaImports.processedRows, at)))
      .returning({ id: qaImports.id });
    if (!done.length) throw new StaleBatch();
  });
}

function text(cell: SheetCell | undefined): string {
  if (!cell || 'formula' in cell) return '';
  // An export neutralises = + - @ with a leading apostrophe; the import takes it off again.
  return cell.text.trim().replace(/^'(?=[=+\-@])/, '');
}

export function checkRow(row: SheetRow): { question: string; answer: string; tags: string } | { reason: RowReason } {
  if (row.cells.slice(0, 3).some((c) => 'formula' in c)) return { reason: 'formula' };
  const question = text(row.cells[0]);
  const answer = text(row.cells[1]);
  const tags = normaliseTags(text(row.cells[2]));
  if (!question) return { reason: 'questionEmpty' };
  if (!answer) return { reason: 'answerEmpty' };
  if (question.length > QA_QUESTION_MAX) return { reason: 'questionTooLong' };
  if (answer.length > QA_ANSWER_MAX) return { reason: 'answerTooLong' };
  if (tags.length > QA_TAGS_MAX) return { reason: 'tagsTooLong' };
  return { question, answer, tags };
}

export function toQaImport(row: typeof qaImports.$inferSelect): QaImport {
  return {
    id: row.id,
    fileId: row.fileId,
    status: row.status as QaImport['status'],
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    inserted: row.inserted,
    updated: row.updated,
    rejected: row.rejected,
    error: row.error,
  };
}
