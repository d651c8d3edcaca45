import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { columnArray } from '../../../db/column-array';
import { knowledgeFiles, knowledgeFragments } from '../../../db/schema';
import type { WorkMetrics } from '../../../http/app-deps';
import { MinerError, type QaMiner } from '../../../integrations/llm';
import { yieldToEventLoop } from '../../../lib/event-loop';
import { pipelined } from '../../../lib/pipelined';
import { WorkerTaskError } from '../../../lib/worker-task';
import type { ObjectStorage } from '../../../storage';
import { storedObjectRows } from '../../system/oss/oss.repo';
import type { Fragment } from './chunker';
import { documentQa, type MinedQa } from './document-ports';
import { extractFragmentsInWorker, qaVectorsInWorker } from './parse-pool';
import { type DocumentKind, ExtractError } from './text-extract';

/** Fragments mined between two checks that the run is still current. */
const MINING_BATCH = 50;
/** Fragments written per statement (up to a few hundred KB); other requests get a turn between. */
const FRAGMENT_BATCH = 100;

type KnowledgeFile = typeof knowledgeFiles.$inferSelect;

export interface ProcessingDeps {
  db: Db;
  storage: ObjectStorage;
  miner: QaMiner;
  /** The app's metrics (the time of each run); absent outside an app. */
  metrics?: WorkMetrics | undefined;
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
  const started = performance.now();
  try {
    const [object] = await storedObjectRows(db, file.objectId);
    if (!object) throw new ExtractError('fileMissing');
    const data = await deps.storage.get(object.storageKey).catch(() => {
      throw new ExtractError('fileUnreadable');
    });
    // Reading and splitting run in a worker thread, with memory and time limits.
    const fragments = await extractFragmentsInWorker(object.kind as DocumentKind, data);
    if (!fragments.length) throw new ExtractError('noText');
    // Fragments and mined QA are written side by side: on PostgreSQL each has its own connection
    // (and core); the embedded database takes their statements in turn. A failure of either, or a
    // stale run, stops the other at its next batch.
    const run: RunState = { stopped: false };
    // A model failure stops the mining only: splitting needs no model, so every fragment is still
    // written and searchable, and the document says that mining failed (issue 33).
    const mining = storeMinedQa(deps, file, attempt, fragments, run).catch((err: unknown) => {
      if (err instanceof MinerError) return err;
      run.stopped = true;
      throw err;
    });
    const [stored, mined] = await Promise.allSettled([failFast(run, storeFragments(db, file, fragments, run)), mining]);
    if (stored.status === 'rejected') throw stored.reason;
    if (mined.status === 'rejected') throw mined.reason;
    if (mined.value instanceof MinerError) throw mined.value;
    // A retry or a deletion since: this run is stale and leaves the document to the new one.
    if (!mined.value || !stored.value) return;
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
  } finally {
    deps.metrics?.documentProcessed((performance.now() - started) / 1000);
  }
}

/** Shared by the two writers of a run: set when either fails or finds the run stale. */
interface RunState {
  stopped: boolean;
}

async function failFast<T>(run: RunState, job: Promise<T>): Promise<T> {
  try {
    return await job;
  } catch (err) {
    run.stopped = true;
    throw err;
  }
}

/**
 * Writes the fragments in batches. They need no search words: the agent indexes them itself,
 * and the viewer finds text within one document without an index (fragment.service.ts).
 */
async function storeFragments(db: Db, file: KnowledgeFile, fragments: Fragment[], run: RunState): Promise<boolean> {
  for (const batch of batchesOf(fragments, FRAGMENT_BATCH)) {
    if (run.stopped) return false;
    // Each column as one array (db/column-array.ts): a batch is a few hundred KB of text.
    const seqs = columnArray(batch, (f) => f.seq, 'int4');
    const headings = columnArray(batch, (f) => f.heading, 'text');
    const contents = columnArray(batch, (f) => f.content, 'text');
    const tokens = columnArray(batch, (f) => f.tokens, 'int4');
    await db.execute(sql`
      insert into ${knowledgeFragments} (customer_id, file_id, seq, heading, content, tokens)
      select ${file.customerId}::int, ${file.id}::int, seq, heading, content, tokens
      from unnest(${seqs}, ${headings}, ${contents}, ${tokens}) as f(seq, heading, content, tokens)
      on conflict (file_id, seq) do nothing`);
    await yieldToEventLoop();
  }
  return true;
}

/**
 * Mines QA from the fragments in batches: one "still current?" check and one QA write per batch
 * rather than per fragment (a 10 MB document has about 10,000 fragments). The next batch is mined
 * and segmented while one is written. Answers false when the run turned out stale.
 */
async function storeMinedQa(
  deps: ProcessingDeps,
  file: KnowledgeFile,
  attempt: number,
  fragments: Fragment[],
  run: RunState,
): Promise<boolean> {
  return pipelined(
    batchesOf(fragments, MINING_BATCH),
    (batch) => minedRows(deps.miner, file, batch),
    async (_batch, rows) => {
      if (run.stopped) return false;
      await yieldToEventLoop();
      return deps.db.transaction(async (tx) => {
        if (!(await stillCurrent(tx, file.id, attempt))) {
          run.stopped = true;
          return false;
        }
        await documentQa().writeMined(tx, rows);
        return true;
      });
    },
  );
}

/** QA mined from a batch of fragments, with their search vectors segmented in the worker. */
async function minedRows(miner: QaMiner, file: KnowledgeFile, batch: Fragment[]): Promise<MinedQa[]> {
  const rows: Omit<MinedQa, 'vector'>[] = [];
  for (const fragment of batch) {
    for (const p of await miner.mine({ heading: fragment.heading, content: fragment.content })) {
      rows.push({
        customerId: file.customerId,
        ownerUserId: file.ownerUserId,
        fileId: file.id,
        question: p.question.slice(0, 1000),
        answer: p.answer.slice(0, 10_000),
        tags: '',
        origin: 'mined',
      });
    }
  }
  const vectors = await qaVectorsInWorker(rows.map((r) => [r.question, r.answer, r.tags]));
  return rows.map((r, i) => ({ ...r, vector: vectorAt(vectors, i) }));
}

function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

function vectorAt(vectors: readonly string[], i: number): string {
  const v = vectors[i];
  if (v === undefined) throw new Error('the parse worker answered fewer search vectors than texts');
  return v;
}

/**
 * Whether this run is still the document's current attempt. Read inside the transaction that
 * writes, with a share lock, so that a retry (which updates the row) waits for the write to
 * commit rather than slipping in between the check and the write.
 */
async function stillCurrent(tx: Executor, fileId: number, attempt: number): Promise<boolean> {
  const [row] = await tx
    .select({ attempt: knowledgeFiles.attempt, status: knowledgeFiles.processStatus })
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.id, fileId))
    .for('share');
  return row?.attempt === attempt && row.status === 'processing';
}

/** Counts come from the rows themselves; the status flips only for the current attempt. */
async function finish(db: Db, fileId: number, attempt: number, abnormalReason: string | null): Promise<void> {
  const [fragments] = await db
    .select({ n: count() })
    .from(knowledgeFragments)
    .where(eq(knowledgeFragments.fileId, fileId));
  const qaCount = await documentQa().countOf(db, fileId);
  await db
    .update(knowledgeFiles)
    .set({
      processStatus: 'completed',
      miningStatus: abnormalReason ? 1 : 3,
      abnormalReason,
      fragmentCount: fragments?.n ?? 0,
      qaCount,
      updatedAt: sql`now()`,
    })
    .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.attempt, attempt)));
}
