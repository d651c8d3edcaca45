import type { VectorState } from '@agent-console/contracts';
import type { Db, Executor } from '../../../db/client';
import { definePort } from '../../../lib/port';

/**
 * What the documents need of the two features built on them (issue 35). QA are filed under
 * documents (knowledge/qa joins their names and makes sources) and vectors index the documents'
 * texts (knowledge/vectors), so both import the documents and the documents cannot import them
 * back: each plugs its part in here from its manifest, which the app loads before any route, job
 * or worker runs.
 */

/** A QA mined from a document's fragments, its search vector segmented ahead in the parse worker. */
export interface MinedQa {
  customerId: number;
  ownerUserId: number | null;
  fileId: number;
  question: string;
  answer: string;
  tags: string;
  origin: 'mined';
  vector: string;
}

/** The QA filed under documents, as the documents' processing, retry and deletion touch them. */
export interface DocumentQa {
  /** Inserts mined QA or updates those of the same question in the same document, in one statement. */
  writeMined(tx: Executor, rows: MinedQa[]): Promise<unknown>;
  /** How many QA a document has. */
  countOf(exec: Executor, fileId: number): Promise<number>;
  /** The stored objects (import sheets) held by the QA imports of these documents. */
  importObjectsOf(exec: Executor, fileIds: number[]): Promise<number[]>;
  /** Deletes every QA of these documents (they are being deleted for good). */
  deleteOf(tx: Executor, fileIds: number[]): Promise<void>;
  /** Deletes a document's mined QA (it is processed again); those added by hand or imported stay. */
  deleteMinedOf(tx: Executor, fileId: number): Promise<void>;
}

/** Where each document's texts stand with the embedding model `model`. */
export type VectorStatesOf = (db: Db, model: string, fileIds: readonly number[]) => Promise<Map<number, VectorState>>;

const qaPort = definePort<DocumentQa>('the QA of documents', 'knowledge/qa');
const vectorStatesPort = definePort<VectorStatesOf>('the vector states', 'knowledge/vectors');

export const plugDocumentQa = qaPort.plug;

export const plugVectorStates = vectorStatesPort.plug;

/** Refuses to go on without the QA's part: skipping it would leave QA of deleted or retried documents behind. */
export const documentQa = qaPort.use;

export const documentVectorStates = vectorStatesPort.use;
