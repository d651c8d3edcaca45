import { and, eq, inArray } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import { knowledgeFiles, qaImports } from '../../db/schema';
import { runQaImport } from '../qa/qa-import';
import { type ProcessingDeps, processDocument } from './document-processing';

export const PROCESS_QUEUE = 'knowledge-process';
export const IMPORT_QUEUE = 'qa-import';

/** Retries cover a crash mid-run; the handlers themselves record expected failures. */
const SEND_OPTIONS = { retryLimit: 3, retryDelay: 2, expireInSeconds: 15 * 60 } satisfies PgBoss.SendOptions;
const WORK_OPTIONS = { pollingIntervalSeconds: 0.5, batchSize: 1 } satisfies PgBoss.WorkOptions;

export async function enqueueDocument(boss: PgBoss | undefined, fileId: number, attempt: number): Promise<void> {
  await boss?.send(PROCESS_QUEUE, { fileId, attempt }, SEND_OPTIONS);
}

export async function enqueueImport(boss: PgBoss | undefined, importId: number): Promise<void> {
  await boss?.send(IMPORT_QUEUE, { importId }, SEND_OPTIONS);
}

/**
 * Starts the workers, then re-sends the work a killed server left unfinished: documents still
 * processing and imports still queued or running. Running a job twice is harmless (the
 * handlers are idempotent), so re-sending is safe even when the old job is retried later.
 */
export async function startKnowledgeJobs(boss: PgBoss, deps: ProcessingDeps): Promise<void> {
  await boss.createQueue(PROCESS_QUEUE);
  await boss.createQueue(IMPORT_QUEUE);
  await boss.work<{ fileId: number; attempt: number }>(PROCESS_QUEUE, WORK_OPTIONS, async (jobs) => {
    for (const job of jobs) await processDocument(deps, job.data.fileId, job.data.attempt);
  });
  await boss.work<{ importId: number }>(IMPORT_QUEUE, WORK_OPTIONS, async (jobs) => {
    for (const job of jobs) await runQaImport(deps, job.data.importId);
  });
  await recoverUnfinished(boss, deps.db);
}

async function recoverUnfinished(boss: PgBoss, db: Db): Promise<void> {
  const files = await db
    .select({ id: knowledgeFiles.id, attempt: knowledgeFiles.attempt })
    .from(knowledgeFiles)
    .where(and(eq(knowledgeFiles.processStatus, 'processing'), eq(knowledgeFiles.kind, 'document')));
  for (const f of files) await enqueueDocument(boss, f.id, f.attempt);
  const imports = await db
    .select({ id: qaImports.id })
    .from(qaImports)
    .where(inArray(qaImports.status, ['queued', 'running']));
  for (const i of imports) await enqueueImport(boss, i.id);
}
