import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { knowledgeFiles, qaRecords } from '../../../db/schema';
import { qaVector, qaWords, questionKey, type WeightedWords } from './search-text';

/**
 * The QA rows of knowledge documents. Three writers share them: mining (this module), the sheet
 * import and the QA screen (the qa module, which builds on this one).
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
  /** Search words computed ahead (mining segments them in a worker); else segmented here. */
  words?: WeightedWords;
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
        searchVector: qaVector(r.words ?? qaWords(r.question, r.answer, r.tags)),
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

/**
 * Keeps the pending list of the GIN search indexes small for the rest of this transaction.
 * PostgreSQL (PGlite too) merges that list into the index when it passes the limit; the default
 * 4 MB takes more than a second to merge, and on the embedded database no other request gets
 * the database meanwhile. Bulk writers (imports, mining) merge little and often instead (64 kB,
 * the smallest limit: tens of milliseconds a merge). A larger limit is faster in bulk (256 kB
 * took a third off mining a 10 MB document's QA) but its merges cost the `hostile` bench's p99
 * its target (issue 19).
 */
export async function keepGinPendingListSmall(tx: Executor): Promise<void> {
  await tx.execute(sql`set local gin_pending_list_limit = 64`);
}

/** Recomputes a document's QA count from the rows themselves (never drifts). */
export async function refreshQaCount(db: Executor, fileId: number): Promise<void> {
  const [row] = await db.select({ n: count() }).from(qaRecords).where(eq(qaRecords.fileId, fileId));
  await db
    .update(knowledgeFiles)
    .set({ qaCount: row?.n ?? 0, updatedAt: new Date() })
    .where(eq(knowledgeFiles.id, fileId));
}

/** QA that may be used for answers: the source is enabled and not in the recycle bin. */
export function answerableQa() {
  return and(eq(knowledgeFiles.enabled, true), sql`${knowledgeFiles.deletedAt} is null`);
}
