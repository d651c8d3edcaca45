import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker, workerEntry } from '../lib/worker-thread';
import type { QueryResult, SerializedError, WorkerReply, WorkerRequest } from './pglite-messages';

/**
 * The embedded database (PGlite) in its own thread (pglite-worker.ts), seen from the server
 * thread. PGlite runs each statement synchronously in WebAssembly; in the server's thread a long
 * query or a burst of writes stopped it from accepting and answering anything else (the soak's
 * 20 s tail). Here the server thread only sends statements and receives rows.
 *
 * It offers what Drizzle's PGlite driver calls on its client (`query`, `transaction`) with the same
 * meaning: one session, statements run one at a time, a transaction holds the database until it
 * ends. A notification reaches its listener before the reply of the statement that caused it.
 */

type Parser = (value: string, typeId: number) => unknown;
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Only parsers that keep the text cross the thread (Drizzle's kind); see pglite-messages.ts. */
  parsers?: Record<number, Parser>;
}

/** What a transaction's callback gets: statements that run inside it. */
export interface PgliteTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<void>;
}

/** A PostgreSQL error raised in the database thread, with its fields (code, constraint…). */
export class EmbeddedDatabaseError extends Error {
  constructor(serialized: SerializedError) {
    super(serialized.message);
    Object.assign(this, serialized.fields);
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

// The server's TypeScript settings know WebAssembly's types only, not its global object.
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } })
  .WebAssembly;
/**
 * PGlite's WebAssembly compiled once per process and its file bundle read once: every database
 * thread gets both (a compiled module crosses threads without copying its code), instead of each
 * compiling 9 MB of WebAssembly again.
 */
let assets: Promise<{ wasmModule: WebAssembly.Module; fsBundle: ArrayBuffer }> | undefined;
function pgliteAssets() {
  assets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    const fsBundle = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
    return { wasmModule: await wasmApi.compile(wasm), fsBundle };
  })();
  return assets;
}

/** A request as a line of a late-statement report: its kind and the start of its SQL. */
function describeRequest(request: Request): string {
  const sql = 'sql' in request && typeof request.sql === 'string' ? ` ${request.sql.slice(0, 200)}` : '';
  return `${request.op}${sql}`;
}

export class PgliteThread {
  private nextId = 1;
  private nextTx = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private stoppedWith: Error | undefined;
  /** Set once close() is called: a stop after that is the close, not a crash. */
  private closed: Promise<void> | undefined;
  private onDrained: (() => void) | undefined;
  /** Told of every statement sent after close() was called (db/client.ts records them). */
  onLate: ((statement: string) => void) | undefined;
  /** Settles with the reason when the thread stops without being closed (a crash). */
  readonly stopped: Promise<Error>;
  private reportStop!: (err: Error) => void;

  private constructor(private readonly worker: Worker) {
    this.stopped = new Promise((resolve) => {
      this.reportStop = resolve;
    });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.receive(reply));
    worker.on('error', (err) => this.stop(err));
    worker.on('exit', (code) => this.stop(new Error(`the embedded database thread exited (code ${code})`)));
  }

  /**
   * `loadDataDir` is a tarball of PGlite's dumpDataDir. It is copied once, into the buffer handed
   * to the thread, so the caller may use the same bytes for the next database (tests copy one
   * template for each file).
   */
  static async start(options: { dataDir?: string; loadDataDir?: Uint8Array }): Promise<PgliteThread> {
    const thread = new PgliteThread(startWorker(workerEntry('pglite-worker', import.meta.url)));
    // A copy made with the Uint8Array constructor: Buffer's slice() would share the caller's bytes.
    const load = options.loadDataDir ? (new Uint8Array(options.loadDataDir).buffer as ArrayBuffer) : undefined;
    try {
      const { wasmModule, fsBundle } = await pgliteAssets();
      await thread.send(
        {
          op: 'open',
          wasmModule,
          fsBundle,
          ...(options.dataDir ? { dataDir: options.dataDir } : {}),
          ...(load ? { load } : {}),
        },
        load ? [load] : [],
      );
    } catch (err) {
      await thread.worker.terminate();
      throw err;
    }
    return thread;
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<QueryResult> {
    return this.send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      textTypes: Object.keys(options.parsers ?? {}).map(Number),
      ...(tx === undefined ? {} : { tx }),
    }) as Promise<QueryResult>;
  }

  async exec(sql: string, tx?: number): Promise<void> {
    await this.send({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });
  }

  /** Runs `work` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.send({ op: 'begin', tx });
    let result: T;
    try {
      result = await work({
        query: (sql, params, options) => this.query(sql, params, options, tx),
        exec: (sql) => this.exec(sql, tx),
      });
    } catch (err) {
      await this.send({ op: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<void> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.send({ op: 'listen', channel });
    }
    set.add(listener);
  }

  /** A tarball of the data directory (PGlite's dumpDataDir, uncompressed). */
  async dump(): Promise<Uint8Array> {
    return new Uint8Array((await this.send({ op: 'dump' })) as ArrayBuffer);
  }

  /**
   * Closes the database, as PGlite's close does: statements already sent finish first, later ones
   * fail with PGlite's "closed" error. The thread ends once every reply is in, so nothing waiting
   * is cut off. Calling it again returns the same promise.
   */
  close(): Promise<void> {
    this.closed ??= this.closeOnce();
    return this.closed;
  }

  private async closeOnce(): Promise<void> {
    if (this.stoppedWith) return;
    try {
      await this.send({ op: 'close' });
      await this.drained();
    } finally {
      await this.worker.terminate();
    }
  }

  private drained(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.onDrained = resolve;
    });
  }

  private send(request: Request, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.closed && request.op !== 'close') this.onLate?.(describeRequest(request));
    if (this.stoppedWith) return Promise.reject(this.stoppedWith);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // While a reply is awaited the thread keeps the process alive, as a socket would.
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as WorkerRequest, transfer);
    });
  }

  private receive(reply: WorkerReply): void {
    if ('notify' in reply) {
      for (const listener of this.listeners.get(reply.notify) ?? []) listener(reply.payload);
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) {
      this.worker.unref();
      this.onDrained?.();
    }
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new EmbeddedDatabaseError(reply.error));
  }

  private stop(reason: Error): void {
    if (this.stoppedWith) return;
    this.stoppedWith = new Error(`the embedded database stopped: ${reason.message}`, { cause: reason });
    for (const waiting of this.pending.values()) waiting.reject(this.stoppedWith);
    this.pending.clear();
    this.onDrained?.();
    if (!this.closed) this.reportStop(this.stoppedWith);
  }
}
