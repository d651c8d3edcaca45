/**
 * The embedded database's own thread (see pglite-thread.ts): PGlite's queries run synchronously in
 * WebAssembly, so here they never hold up the server thread that accepts and answers requests.
 * Bundled as dist/pglite-worker.js beside dist/main.js; run from the sources through tsx.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { QueryRequest, SerializedError, WorkerReply, WorkerRequest } from './pglite-messages';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs inside a worker thread');

let database: PGlite | undefined;
/** Open transactions by id, each with the function that ends it (commit when true). */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
/** Thrown inside PGlite's transaction callback to make it roll back. */
const ROLLBACK = Symbol('rollback');

function post(reply: WorkerReply, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(reply, transfer);
}

function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { message: err.message, fields };
}

function open(): PGlite {
  if (!database) throw new Error('the embedded database is not open');
  return database;
}

/** Where a statement runs: its transaction, or the database (which waits for any open transaction). */
function runner(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return open();
  const entry = transactions.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is not open`);
  return entry.tx;
}

const keepText = (value: string) => value;

async function query(request: QueryRequest) {
  const parsers = Object.fromEntries(request.textTypes.map((type) => [type, keepText]));
  const result = await runner(request.tx).query(request.sql, request.params, { rowMode: request.rowMode, parsers });
  return {
    rows: result.rows,
    fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    ...(result.affectedRows === undefined ? {} : { affectedRows: result.affectedRows }),
  };
}

/**
 * How each transaction finished (its COMMIT may fail); recorded when it starts so that `end`
 * can wait for it and report a failed commit.
 */
const ended = new Map<number, Promise<void>>();

async function end(id: number, commit: boolean): Promise<void> {
  const entry = transactions.get(id);
  if (!entry) throw new Error(`transaction ${id} is not open`);
  const settled = ended.get(id) ?? Promise.resolve();
  entry.end(commit);
  await settled;
}

/**
 * The pending list of the GIN search indexes, in kB, for the embedded database's one session.
 * PostgreSQL merges the list into the index when it passes the limit, and here no other request
 * gets the database meanwhile: the default 4 MB takes more than a second to merge, and 1 MB took
 * the `hostile` bench's p99 while importing to 461 ms (target 200). Each merge also costs a fixed
 * part, so the smallest limit makes bulk writes slow (9,000 long mined QA: 40 s at 64 kB, 18 s at
 * 1 MB, 13 s at 4 MB); responsiveness wins. PostgreSQL keeps its default: a merge there holds only
 * the session that writes. docs/decisions.md "Issue 38: search indexes of long texts". The
 * transactions writing a document's mined QA raise it for themselves (qa-store.ts `writeMinedQa`).
 */
const GIN_PENDING_LIST_KB = 64;

/**
 * Bytes this thread owns, as the Blob PGlite asks for and reads back at once with `arrayBuffer()`
 * (it reads nothing else of it but `type`). A real Blob copies the bytes in, and Node reads them
 * out in 64 kB chunks: for a test database's 44 MB tarball that was half a second of every start,
 * about half of it. The buffer was transferred or cloned to this thread, so nothing else sees it.
 */
function ownBytesAsBlob(bytes: ArrayBuffer, type: string): Blob {
  const view: Pick<Blob, 'type' | 'size' | 'arrayBuffer'> = {
    type,
    size: bytes.byteLength,
    arrayBuffer: () => Promise.resolve(bytes),
  };
  return view as Blob;
}

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  switch (request.op) {
    case 'open': {
      database = await PGlite.create({
        ...(request.dataDir ? { dataDir: request.dataDir } : {}),
        ...(request.load ? { loadDataDir: ownBytesAsBlob(request.load, 'application/x-tar') } : {}),
        pgliteWasmModule: request.wasmModule,
        fsBundle: ownBytesAsBlob(request.fsBundle, 'application/octet-stream'),
        extensions: { pg_trgm },
      });
      await database.exec(`SET gin_pending_list_limit = ${GIN_PENDING_LIST_KB}`);
      return { id: request.id, ok: true };
    }
    case 'query':
      return { id: request.id, ok: true, value: await query(request) };
    case 'exec':
      await runner(request.tx).exec(request.sql);
      return { id: request.id, ok: true };
    case 'begin':
      await begin(request.tx);
      return { id: request.id, ok: true };
    case 'end':
      await end(request.tx, request.commit);
      return { id: request.id, ok: true };
    case 'listen':
      await open().listen(request.channel, (payload) => post({ notify: request.channel, payload }));
      return { id: request.id, ok: true };
    case 'dump': {
      const bytes = await (await open().dumpDataDir('none')).arrayBuffer();
      return { id: request.id, ok: true, value: bytes };
    }
    case 'close':
      await database?.close();
      database = undefined;
      return { id: request.id, ok: true };
  }
}

/** Begins a transaction and records the promise of its end (commit, rollback or a failed commit). */
function begin(id: number): Promise<void> {
  const db = open();
  let finish!: (err?: unknown) => void;
  ended.set(
    id,
    new Promise<void>((resolve, reject) => {
      finish = (err) => (err === undefined || err === ROLLBACK ? resolve() : reject(err));
    }),
  );
  return new Promise((started, failed) => {
    db.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          transactions.set(id, { tx, end: (ok) => (ok ? commit() : rollback(ROLLBACK)) });
          started();
        }),
    ).then(
      () => settle(id, finish),
      (err: unknown) => {
        if (transactions.has(id)) settle(id, () => finish(err));
        else {
          ended.delete(id);
          failed(err);
        }
      },
    );
  });
}

function settle(id: number, finish: () => void): void {
  transactions.delete(id);
  ended.delete(id);
  finish();
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (reply) => {
      const value = 'value' in reply ? reply.value : undefined;
      post(reply, value instanceof ArrayBuffer ? [value] : []);
    },
    (err: unknown) => post({ id: request.id, ok: false, error: serializeError(err) }),
  );
});
