import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { qaRecords } from '../../../db/schema';
import { setDocumentQaCount } from '../documents/document.repo';
import { qaSearchVector, questionKey, searchVector } from '../documents/search-text';
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
  const result = await db
    .insert(qaRecords)
    .values(
      unique.map((r) => ({
        customerId: r.customerId,
        ownerUserId: r.ownerUserId,
        fileId: r.fileId,
        question: r.question,
        answer: r.answer,
        tags: r.tags,
        origin: r.origin,
        questionKey: r.questionKey,
        searchVector: r.vector !== undefined ? searchVector(r.vector) : qaSearchVector(r.question, r.answer, r.tags),
      })),
    )
    .onConflictDoUpdate({
      target: [qaRecords.fileId, qaRecords.questionKey],
      set: {
        question: sql`excluded.question`,
        answer: sql`excluded.answer`,
        tags: sql`excluded.tags`,
        searchVector: sql`excluded.search_vector`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/** Recomputes a document's QA count from the rows themselves (never drifts). */
export async function refreshQaCount(db: Executor, fileId: number): Promise<void> {
  await setDocumentQaCount(db, fileId, await qaCountOf(db, fileId));
}
