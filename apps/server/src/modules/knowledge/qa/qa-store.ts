import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { type ColumnArrayType, columnArray } from '../../../db/column-array';
import { qaRecords } from '../../../db/schema';
import { setDocumentQaCount } from '../documents/document.repo';
import { qaVectorText, questionKey } from '../documents/search-text';
import { qaCountOf } from './qa.repo';

/**
 * The QA rows of knowledge documents. Three writers share them: the sheet import and the QA
 * screen (this feature), and the documents' mining, which reaches `upsertQa` through the port
 * this feature plugs in (documents/document-ports.ts).
 */
export type QaOrigin = 'manual' | 'mined' | 'import';

export interface QaRowInput {
  customerId: number;
  ownerUserId: number | null;
  fileId: number;
  question: string;
  answer: string;
  tags: string;
  origin: QaOrigin;
  /** The search vector's text computed ahead (bulk writers segment in a worker); else here. */
  vector?: string;
}

/**
 * Inserts QA or updates the one with the same normalised question in the same source, so a
 * re-run of mining or of an import never doubles rows. Returns how many were new.
 * Duplicates inside `rows` collapse to the last one (and count as updates).
 */
export async function upsertQa(db: Executor, rows: QaRowInput[]): Promise<{ inserted: number; updated: number }> {
  const byKey = new Map<string, QaRowInput & { questionKey: string }>();
  for (const row of rows) {
    const key = `${row.fileId}\u0000${questionKey(row.question)}`;
    byKey.set(key, { ...row, questionKey: questionKey(row.question) });
  }
  const unique = [...byKey.values()].filter((r) => r.questionKey);
  if (!unique.length) return { inserted: 0, updated: rows.length };
  // One statement whatever the number of rows: each column travels as one array (db/column-array.ts).
  const column = (pick: (r: (typeof unique)[number]) => string | number | null, type: ColumnArrayType) =>
    columnArray(unique, pick, type);
  const { rows: result } = await db.execute<{ inserted: boolean }>(sql`
    insert into ${qaRecords} (customer_id, owner_user_id, file_id, question, answer, tags, origin, question_key, search_vector)
    select customer_id, owner_user_id, file_id, question, answer, tags, origin, question_key, search_vector::tsvector
    from unnest(${column((r) => r.customerId, 'int4')}, ${column((r) => r.ownerUserId, 'int4')},
      ${column((r) => r.fileId, 'int4')}, ${column((r) => r.question, 'text')}, ${column((r) => r.answer, 'text')},
      ${column((r) => r.tags, 'text')}, ${column((r) => r.origin, 'text')}, ${column((r) => r.questionKey, 'text')},
      ${column((r) => r.vector ?? qaVectorText(r.question, r.answer, r.tags), 'text')})
      as r(customer_id, owner_user_id, file_id, question, answer, tags, origin, question_key, search_vector)
    on conflict (file_id, question_key) do update set question = excluded.question, answer = excluded.answer,
      tags = excluded.tags, search_vector = excluded.search_vector, updated_at = now()
    returning (xmax = 0) as inserted`);
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/**
 * The GIN pending list, in kB, that a transaction writing mined QA may fill before it is merged
 * into the search index. The embedded database keeps 64 kB for everyone else (db/pglite-worker.ts:
 * a merge holds its one session), but a document's mined answers are long texts of a document's
 * own vocabulary, so a larger list is merged in far fewer, cheaper steps: 3,000 mined QA of about
 * 1,600 characters took 2.7–2.9 s at 1 MB against 5.7–6.9 s at 64 kB, and the longest batch fell
 * from about 160 ms to 100 ms (issue 38). PostgreSQL's own larger default is kept.
 */
export const MINED_GIN_PENDING_LIST_KB = 1024;

/** `upsertQa` for a batch of QA mined from a document, inside the caller's transaction. */
export async function writeMinedQa(tx: Executor, rows: QaRowInput[]): Promise<{ inserted: number; updated: number }> {
  await tx.execute(sql`select set_config('gin_pending_list_limit',
    greatest(${MINED_GIN_PENDING_LIST_KB}, (select setting::int from pg_settings where name = 'gin_pending_list_limit'))::text,
    true)`);
  return upsertQa(tx, rows);
}

/** A QA's search vector column value, segmented here (single rows; bulk writers segment ahead). */
export function qaSearchVector(question: string, answer: string, tags: string): SQL {
  return sql`${qaVectorText(question, answer, tags)}::tsvector`;
}

/** Recomputes a document's QA count from the rows themselves (never drifts). */
export async function refreshQaCount(db: Executor, fileId: number): Promise<void> {
  await setDocumentQaCount(db, fileId, await qaCountOf(db, fileId));
}
