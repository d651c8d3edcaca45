/**
 * What the server thread and the embedded-database thread (pglite-worker.ts) say to each other.
 * Everything here crosses a structured clone: no functions, so a query's result parsers travel
 * as the type ids whose values stay text (Drizzle's only kind of parser).
 */

export interface OpenRequest {
  op: 'open';
  id: number;
  dataDir?: string;
  /** A data-directory tarball to start from (the bytes of PGlite's dumpDataDir). */
  load?: ArrayBuffer;
  /** PGlite's WebAssembly, compiled once by the server thread, and its file bundle (pglite.data). */
  wasmModule: WebAssembly.Module;
  fsBundle: ArrayBuffer;
}

export interface QueryRequest {
  op: 'query';
  id: number;
  sql: string;
  params: unknown[];
  rowMode: 'array' | 'object';
  /** Type ids whose values are returned as the text PostgreSQL sent. */
  textTypes: number[];
  /** The open transaction this query belongs to; none runs it outside any. */
  tx?: number;
}

export interface ExecRequest {
  op: 'exec';
  id: number;
  sql: string;
  tx?: number;
}

/** Starts a transaction: the reply comes once it holds the database. */
export interface BeginRequest {
  op: 'begin';
  id: number;
  tx: number;
}

/** Commits (or rolls back) a transaction begun earlier; the reply comes once it has. */
export interface EndRequest {
  op: 'end';
  id: number;
  tx: number;
  commit: boolean;
}

export interface ListenRequest {
  op: 'listen';
  id: number;
  channel: string;
}

export interface DumpRequest {
  op: 'dump';
  id: number;
}

export interface CloseRequest {
  op: 'close';
  id: number;
}

export type WorkerRequest =
  | OpenRequest
  | QueryRequest
  | ExecRequest
  | BeginRequest
  | EndRequest
  | ListenRequest
  | DumpRequest
  | CloseRequest;

/** A PostgreSQL error as its own enumerable fields (code, constraint, detail…) plus its message. */
export interface SerializedError {
  message: string;
  fields: Record<string, unknown>;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type WorkerReply =
  | { id: number; ok: true; value?: QueryResult | ArrayBuffer }
  | { id: number; ok: false; error: SerializedError }
  /** A notification on a channel listened to; posted before the reply of the statement that caused it. */
  | { notify: string; payload: string };
