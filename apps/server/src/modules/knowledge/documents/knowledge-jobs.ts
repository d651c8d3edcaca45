import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import { knowledgeFiles } from '../../../db/schema';
import { createQueue, QUEUES, sendJob, workOn } from '../../../jobs/queues';
import { type ProcessingDeps, processDocument } from './document-processing';
import { warmParsePool } from './parse-pool';

/** Retries cover a crash mid-run; the handlers themselves record expected failures. */
export const SEND_OPTIONS = { retryLimit: 3, retryDelay: 2, expireInSeconds: 15 * 60 } satisfies PgBoss.SendOptions;
export const WORK_OPTIONS = { pollingIntervalSeconds: 0.5, batchSize: 1 } satisfies PgBoss.WorkOptions;

export async function enqueueDocument(boss: PgBoss | undefined, fileId: number, attempt: number): Promise<void> {
  if (!boss) return;
  warmParsePool();
  await sendJob(boss, QUEUES.documentProcess, { fileId, attempt }, SEND_OPTIONS);
}

/**
 * Starts the document worker, then re-sends the documents a killed server left processing.
 * Running a job twice is harmless (processing is idempotent), so re-sending is safe even when the
 * old job is retried later. Called by the composition root (background.ts).
 */
export async function startDocumentWorker(boss: PgBoss, deps: ProcessingDeps): Promise<void> {
  await createQueue(boss, QUEUES.documentProcess);
  await workOn(boss, QUEUES.documentProcess, WORK_OPTIONS, async (jobs) => {
    for (const job of jobs) await processDocument(deps, job.data.fileId, job.data.attempt);
  });
  await recoverUnfinished(boss, deps.db);
}

async function recoverUnfinished(boss: PgBoss, db: Db): Promise<void> {
  const files = await db
    .select({ id: knowledgeFiles.id, attempt: knowledgeFiles.attempt })
    .from(knowledgeFiles)
    .where(and(eq(knowledgeFiles.processStatus, 'processing'), eq(knowledgeFiles.kind, 'document')));
  for (const f of files) await enqueueDocument(boss, f.id, f.attempt);
}
