import { inArray } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import { qaImports } from '../../../db/schema';
import { createQueue, QUEUES, sendJob, workOn } from '../../../jobs/queues';
import { SEND_OPTIONS, WORK_OPTIONS } from '../documents/knowledge-jobs';
import { warmParsePool } from '../documents/parse-pool';
import { type ImportDeps, runQaImport } from './qa-import';

export async function enqueueImport(boss: PgBoss | undefined, importId: number): Promise<void> {
  if (!boss) return;
  warmParsePool();
  await sendJob(boss, QUEUES.qaImport, { importId }, SEND_OPTIONS);
}

/**
 * Starts the import worker, then re-sends the imports a killed server left queued or running.
 * An import resumes after its last committed batch, so running one twice is harmless. Called by
 * the composition root (background.ts).
 */
export async function startImportWorker(boss: PgBoss, deps: ImportDeps): Promise<void> {
  await createQueue(boss, QUEUES.qaImport);
  await workOn(boss, QUEUES.qaImport, WORK_OPTIONS, async (jobs) => {
    for (const job of jobs) await runQaImport(deps, job.data.importId);
  });
  await recoverUnfinished(boss, deps.db);
}

async function recoverUnfinished(boss: PgBoss, db: Db): Promise<void> {
  const imports = await db
    .select({ id: qaImports.id })
    .from(qaImports)
    .where(inArray(qaImports.status, ['queued', 'running']));
  for (const i of imports) await enqueueImport(boss, i.id);
}
