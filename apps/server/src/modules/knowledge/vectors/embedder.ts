import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOCK_NAMESPACE } from '../../../db/advisory-lock';
import type { Db } from '../../../db/client';
import type { SessionLocks } from '../../../db/session-locks';
import type { EmbeddingClient } from '../../../integrations/embedding';
import { LlmError } from '../../../integrations/llm';
import { abortableSleep } from '../../../integrations/llm/abortable';
import { type PendingText, pendingTexts } from './pending-texts';
import { REFUSED, storeVectors } from './store-vectors';

export interface EmbedderDeps {
  db: Db;
  embeddings: EmbeddingClient;
  /** Texts per call to the model (`EMBEDDING_BATCH_SIZE`). */
  batchSize?: number;
  /** Rest between two calls, so a large knowledge base never floods the provider or the database. */
  pauseMs?: number;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
}

const DEFAULT_BATCH = 32;
const DEFAULT_PAUSE_MS = 50;

/**
 * Embeds every text of the knowledge that waits for a vector of the current model, a batch at a
 * time, until none is left or `signal` ends it; returns how many vectors were written. Each batch
 * is committed on its own, so after a crash only the batch under way is asked for again.
 * A failing model call throws: the caller decides when to try again.
 */
export async function embedPending(deps: EmbedderDeps, signal?: AbortSignal): Promise<number> {
  const { db, embeddings } = deps;
  let written = 0;
  while (!signal?.aborted) {
    const batch = await pendingTexts(db, embeddings.key, deps.batchSize ?? DEFAULT_BATCH);
    if (!batch.length) break;
    written += await storeVectors(db, embeddings.key, batch, await embedBatch(embeddings, batch, signal));
    await rest(deps.pauseMs ?? DEFAULT_PAUSE_MS, signal);
  }
  return written;
}

/**
 * The vectors of a batch. A text the model refuses (too long for it, say) must not hold up every
 * text after it: when the model refuses a batch, its texts are asked one by one, and a text
 * refused alone gets an empty vector, which counts as done (and is shown as refused) until the
 * text changes.
 */
async function embedBatch(
  embeddings: EmbeddingClient,
  batch: readonly PendingText[],
  signal?: AbortSignal,
): Promise<Float32Array[]> {
  try {
    return await embeddings.embed(
      batch.map((t) => t.text),
      signal,
    );
  } catch (err) {
    if (!refused(err)) throw err;
    if (batch.length === 1) return [REFUSED];
    const vectors: Float32Array[] = [];
    for (const text of batch) vectors.push(...(await embedBatch(embeddings, [text], signal)));
    return vectors;
  }
}

/** The model answered that it will not embed this input (as opposed to failing to answer). */
function refused(err: unknown): boolean {
  return err instanceof LlmError && err.kind === 'http' && [400, 413, 422].includes(err.status ?? 0);
}

export interface EmbedderOptions extends EmbedderDeps {
  locks: SessionLocks;
  /** How often the knowledge revision is looked at for new or changed texts. */
  pollMs?: number;
}

/**
 * The background writer of vectors (issue 33): whenever the knowledge has changed (the revision
 * sequence the knowledge triggers move, migration 0014), and once at start, it embeds what is
 * pending. One instance at a time does it (a session lock; another instance takes over when the
 * holder dies). A model failure waits 2 s, 4 s, … up to a minute before trying again.
 */
export function startEmbedder(options: EmbedderOptions): { stop(): Promise<void> } {
  const stopping = new AbortController();
  const pollMs = options.pollMs ?? 2_000;
  let seen: string | null = null;
  let failures = 0;
  const loop = async () => {
    while (!stopping.signal.aborted) {
      const revision = await knowledgeRevision(options.db).catch(() => seen);
      if (revision !== seen && (await options.locks.tryAcquire(LOCK_NAMESPACE.embedding, 0).catch(() => false))) {
        try {
          const written = await embedPending(options, stopping.signal);
          if (written) options.logger?.info({ written }, 'knowledge vectors written');
          seen = revision;
          failures = 0;
        } catch (err) {
          if (stopping.signal.aborted) break;
          failures += 1;
          options.logger?.warn({ err, failures }, 'knowledge vectors could not be written; trying again later');
          await rest(Math.min(60_000, 1_000 * 2 ** failures), stopping.signal);
          continue;
        }
      }
      await rest(pollMs, stopping.signal);
    }
  };
  const running = loop();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}

/** The last number the knowledge's change notes took: it moves with every write to the knowledge. */
async function knowledgeRevision(db: Db): Promise<string> {
  const result = await db.execute<{ last_value: string; is_called: boolean }>(
    sql`select last_value::text as last_value, is_called from knowledge_revision_seq`,
  );
  const row = result.rows[0];
  return row ? `${row.last_value}:${row.is_called}` : '0';
}

/** A wait that a stop cuts short (resolving, not throwing: stopping is no failure). */
function rest(ms: number, signal: AbortSignal = new AbortController().signal): Promise<void> {
  return abortableSleep(ms, signal).catch(() => undefined);
}
