import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knowledgeFiles, knowledgeFragments, qaRecords, storedObjects } from '../../db/schema';
import { MinerError, type QaMiner } from '../../integrations/llm';
import { yieldToEventLoop } from '../../lib/event-loop';
import { WorkerTaskError } from '../../lib/worker-task';
import type { ObjectStorage } from '../../storage';
import { extractFragmentsInWorker } from './parse-pool';
import { keepGinPendingListSmall, type QaRowInput, upsertQa } from './qa-store';
import { fragmentSearchVector } from './search-text';
import { type DocumentKind, ExtractError } from './text-extract';

/** Fragments mined between two checks that the run is still current. */
const MINING_BATCH = 50;
/** Fragments written per statement (up to a few hundred KB); other requests get a turn between. */
const FRAGMENT_BATCH = 100;

export interface ProcessingDeps {
  db: Db;
  storage: ObjectStorage;
  miner: QaMiner;
}

/**
 * One run of the pipeline for one attempt of one document: extract text, split into fragments,
 * mine QA, record counts. Every write is idempotent — fragments are unique per (file, seq) and
 * mined QA per (file, question) — so a run repeated after a crash leaves the same rows, never
 * more. A run whose attempt is stale (the user retried since) or whose document is no longer
 * processing does nothing. Every failure ends the document abnormal with a reason; none leaves
 * it running.
 */
export async function processDocument(deps: ProcessingDeps, fileId: number, attempt: number): Promise<void> {
  const { db } = deps;
  const [file] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
  if (!file || file.attempt !== attempt || file.processStatus !== 'processing' || !file.objectId) return;
  try {
    const [object] = await db.select().from(storedObjects).where(eq(storedObjects.id, file.objectId));
    if (!object) throw new ExtractError('fileMissing');
    const data = await deps.storage.get(object.storageKey).catch(() => {
      throw new ExtractError('fileUnreadable');
    });
    // Reading and splitting run in a worker thread, with memory and time limits.
    const fragments = await extractFragmentsInWorker(object.kind as DocumentKind, data);
    if (!fragments.length) throw new ExtractError('noText');
    for (let start = 0; start < fragments.length; start += FRAGMENT_BATCH) {
      await db
        .insert(knowledgeFragments)
        .values(
          fragments.slice(start, start + FRAGMENT_BATCH).map((f) => ({
            ...f,
            customerId: file.customerId,
            fileId,
            searchVector: fragmentSearchVector(f.heading, f.content),
          })),
        )
        .onConflictDoNothing({ target: [knowledgeFragments.fileId, knowledgeFragments.seq] });
      await yieldToEventLoop();
    }

    // In batches: one "still current?" check and one QA insert per batch rather than per fragment
    // (a 10 MB document has about 10,000 fragments), yielding between batches for other requests.
    for (let start = 0; start < fragments.length; start += MINING_BATCH) {
      await yieldToEventLoop();
      if (!(await stillCurrent(db, fileId, attempt))) return;
      const rows: QaRowInput[] = [];
      for (const fragment of fragments.slice(start, start + MINING_BATCH)) {
        const pairs = await deps.miner.mine({ heading: fragment.heading, content: fragment.content });
        for (const p of pairs) {
          rows.push({
            customerId: file.customerId,
            ownerUserId: file.ownerUserId,
            fileId,
            question: p.question.slice(0, 1000),
            answer: p.answer.slice(0, 10_000),
            tags: '',
            origin: 'mined',
          });
        }
      }
      await db.transaction(async (tx) => {
        await keepGinPendingListSmall(tx);
        await upsertQa(tx, rows);
      });
    }
    await finish(db, fileId, attempt, null);
  } catch (err) {
    // The server is shutting down: the job is retried after the restart, the document stays processing.
    if (err instanceof WorkerTaskError && err.failure === 'closed') throw err;
    // Stored as `key` or `key: detail`; the screen translates the key.
    const reason =
      err instanceof ExtractError
        ? err.message
        : err instanceof MinerError
          ? `llmFailed: ${err.message.slice(0, 200)}`
          : `failed: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`;
    await finish(db, fileId, attempt, reason);
  }
}

async function stillCurrent(db: Db, fileId: number, attempt: number): Promise<boolean> {
  const [row] = await db
    .select({ attempt: knowledgeFiles.attempt, status: knowledgeFiles.processStatus })
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.id, fileId));
  return row?.attempt === attempt && row.status === 'processing';
}

/** Counts come from the rows themselves; the status flips only for the current attempt. */
async function finish(db: Db, fileId: number, attempt: number, abnormalReason: string | null): Promise<void> {
  const [fragments] = await db
    .select({ n: count() })
    .from(knowledgeFragments)
    .where(eq(knowledgeFragments.fileId, fileId));
  const [qa] = await db.select({ n: count() }).from(qaRecords).where(eq(qaRecords.fileId, fileId));
  await db
    .update(knowledgeFiles)
    .set({
      processStatus: 'completed',
      miningStatus: abnormalReason ? 1 : 3,
      abnormalReason,
      fragmentCount: fragments?.n ?? 0,
      qaCount: qa?.n ?? 0,
      updatedAt: sql`now()`,
    })
    .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.attempt, attempt)));
}
