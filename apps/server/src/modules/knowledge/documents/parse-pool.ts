import { availableParallelism } from 'node:os';
import { WorkerPool, WorkerTaskError } from '../../../lib/worker-task';
import { workerEntry } from '../../../lib/worker-thread';
import type { Fragment } from './chunker';
import type { SheetLimits, SheetReason, SheetRow } from './qa-sheet';
import { SHEET_LIMITS, SheetError } from './qa-sheet';
import {
  type DocumentKind,
  EXTRACT_LIMITS,
  ExtractError,
  type ExtractLimits,
  type ExtractReason,
} from './text-extract';

/**
 * Documents (PDF, DOCX, DOC) and QA import sheets (XLSX, CSV) are parsed in worker threads
 * (parse-worker.ts): a file that is slow or huge to parse costs its own job, never the event loop
 * that answers every other request. Each worker has a memory ceiling and each file a time limit;
 * past either, the worker is ended and the job fails with reason `tooComplex`. The same workers
 * segment text into search words for bulk writers (jieba is CPU-heavy too).
 */
export interface ParseLimits {
  /**
   * V8 heap of one worker, MiB: room for the largest text the limits allow (50 million characters)
   * read, normalised and split into fragments.
   */
  heapMb: number;
  /** Time one file may take, ms. */
  timeoutMs: number;
  document: ExtractLimits;
  sheet: SheetLimits;
}

export const PARSE_LIMITS: ParseLimits = {
  heapMb: 1536,
  timeoutMs: 60_000,
  document: EXTRACT_LIMITS,
  sheet: SHEET_LIMITS,
};

export type ParseTask =
  | { type: 'document'; kind: DocumentKind; data: Uint8Array; limits: ExtractLimits }
  | { type: 'sheet'; kind: 'xlsx' | 'csv'; data: Uint8Array; limits: SheetLimits }
  | { type: 'qaVectors'; items: QaText[] };

/** A file the parser refused answers its reason (not an exception, so it survives the thread hop). */
export type ParseResult =
  | { ok: true; fragments: Fragment[] }
  | { ok: true; rows: SheetRow[] }
  | { ok: true; vectors: string[] }
  | { ok: false; reason: string; message: string };

let limits: ParseLimits = PARSE_LIMITS;
let pool: WorkerPool<ParseTask, ParseResult> | undefined;

function parsePool(): WorkerPool<ParseTask, ParseResult> {
  pool ??= new WorkerPool<ParseTask, ParseResult>({
    entry: workerEntry('parse-worker', import.meta.url),
    // One worker per spare core, at most two: the event loop keeps a core to itself.
    size: Math.min(2, Math.max(1, availableParallelism() - 1)),
    timeoutMs: limits.timeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
  });
  return pool;
}

/** Ends the workers (server shutdown); parsing later starts new ones. */
export async function closeParsePool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}

/** Other limits from now on (tests); running parses are ended, later ones get new workers. */
export async function setParseLimits(next: Partial<ParseLimits>): Promise<void> {
  limits = { ...PARSE_LIMITS, ...next };
  await closeParsePool();
}

/** Boots a parse worker now: a document or a sheet was just stored and is about to be read. */
export function warmParsePool(): void {
  parsePool().warm();
}

export function parsePoolStats(): { busy: number; idle: number; queued: number } {
  return pool?.stats() ?? { busy: 0, idle: 0, queued: 0 };
}

/** Why the worker gave up, as the detail of a `tooComplex` reason. */
function limitDetail(err: WorkerTaskError): string | undefined {
  if (err.failure === 'timeout') return `took longer than ${Math.round(limits.timeoutMs / 1000)} s`;
  if (err.failure === 'memory') return `needs more than ${limits.heapMb} MB of memory`;
  return undefined;
}

/**
 * Parses a file in a worker, handing it a copy of the file's bytes (`taskOf` puts them in the
 * task). The pool closing (shutdown) and any other error are thrown as they are; the task's own
 * failure (timeout, memory, a crashed worker) goes to `failed`, which throws the caller's error
 * for the file: the document's and the sheet's readers differ only in that error.
 */
async function parseFile(
  taskOf: (data: Uint8Array) => ParseTask,
  data: Buffer,
  failed: (err: WorkerTaskError) => never,
): Promise<ParseResult> {
  try {
    const { view, bytes } = ownBytes(data);
    return await parsePool().run(taskOf(view), [bytes]);
  } catch (err) {
    if (!(err instanceof WorkerTaskError) || err.failure === 'closed') throw err;
    return failed(err);
  }
}

/**
 * A copy of the bytes the worker can take over: the caller's buffer may be a view of a larger one
 * (Node's pool), which must not be handed away.
 */
function ownBytes(data: Buffer): { view: Uint8Array; bytes: ArrayBuffer } {
  const bytes = new ArrayBuffer(data.length);
  const view = new Uint8Array(bytes);
  view.set(data);
  return { view, bytes };
}

/**
 * Text of a document, split into fragments, read in a worker. Throws ExtractError (a reason for
 * the document) or, when the server is shutting down, WorkerTaskError `closed` (the job is
 * retried after the restart).
 */
export async function extractFragmentsInWorker(kind: DocumentKind, data: Buffer): Promise<Fragment[]> {
  const result = await parseFile(
    (view) => ({ type: 'document', kind, data: view, limits: limits.document }),
    data,
    (err) => {
      const detail = limitDetail(err);
      if (detail) throw new ExtractError('tooComplex', detail);
      throw new ExtractError('broken', `${kind.toUpperCase()}: ${err.message.slice(0, 200)}`);
    },
  );
  if (!result.ok) throw new ExtractError(result.reason as ExtractReason, detailOf(result));
  if (!('fragments' in result)) throw new Error('parse worker answered no fragments');
  return result.fragments;
}

/** Rows of a QA import sheet, read in a worker. Throws SheetError, or WorkerTaskError `closed`. */
export async function readSheetInWorker(kind: 'xlsx' | 'csv', data: Buffer): Promise<SheetRow[]> {
  const result = await parseFile(
    (view) => ({ type: 'sheet', kind, data: view, limits: limits.sheet }),
    data,
    (err) => {
      throw new SheetError(limitDetail(err) ? 'tooComplex' : 'unreadable', limitDetail(err));
    },
  );
  if (!result.ok) throw new SheetError(result.reason as SheetReason);
  if (!('rows' in result)) throw new Error('parse worker answered no rows');
  return result.rows;
}

/** The texts of a QA that its search vector is made of. */
export type QaText = [question: string, answer: string, tags: string];

/**
 * QA search vectors (search-text.ts `qaVectorText`), segmented in a worker so that a bulk writer
 * can segment its next batch while the current one is written. Throws WorkerTaskError (`closed`
 * when the server is shutting down).
 */
export async function qaVectorsInWorker(items: QaText[]): Promise<string[]> {
  const result = await parsePool().run({ type: 'qaVectors', items });
  if (!result.ok || !('vectors' in result)) throw new Error('parse worker answered no search vectors');
  return result.vectors;
}

/** The detail part of a `reason: detail` message, if any. */
function detailOf(result: { reason: string; message: string }): string | undefined {
  const prefix = `${result.reason}: `;
  return result.message.startsWith(prefix) ? result.message.slice(prefix.length) : undefined;
}
