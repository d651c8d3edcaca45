import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knowledgeFiles, qaRecords } from '../../db/schema';
import { liveDocument } from './knowledge-scope';
import { type QuestionWord, questionWords, wordOverlap } from './question-words';

export interface QaMatch {
  id: number;
  question: string;
  answer: string;
  /** 0–1: the larger of trigram similarity and the overlap of the two questions' words. */
  score: number;
}

/** Candidates scored in full; the database narrows thousands of QA to these first. */
const CANDIDATES = 40;

/**
 * A prefix tsquery matching any of the words (the QA search's `keywordQuery` needs all of them,
 * which would miss a stored question that words the same thing with one word more or less).
 * Lexemes are quoted, so nothing in the question is read as tsquery syntax.
 */
function anyWordQuery(words: readonly QuestionWord[]): string | null {
  if (!words.length) return null;
  return words.map((w) => `'${w.word.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' | ');
}

/**
 * Step 1 of the pipeline (WAVE2 §15.5): the customer's QA whose question is most like the
 * question asked. Two measures, because each fails where the other works: pg_trgm `similarity`
 * on the whole question catches rewordings and typos in alphabetic text but sees little in
 * Chinese, while the overlap of jieba words works in every language but ignores word order and
 * function words. The score is the larger of the two. QA of disabled or recycled documents, or
 * (when the app names folders) of documents outside them, do not answer; manual QA belong to no
 * document and always do.
 */
export async function bestQa(
  db: Db,
  input: { customerId: number; question: string; folders: readonly number[] | null },
): Promise<QaMatch | null> {
  const question = input.question.trim().slice(0, 2000);
  if (!question) return null;
  const words = questionWords(question);
  const tsq = anyWordQuery(words);
  const trigram = sql<number>`similarity(${qaRecords.question}, ${question})`;
  const rows = await db
    .select({ id: qaRecords.id, question: qaRecords.question, answer: qaRecords.answer, trigram })
    .from(qaRecords)
    .leftJoin(knowledgeFiles, eq(knowledgeFiles.id, qaRecords.fileId))
    .where(
      and(
        eq(qaRecords.customerId, input.customerId),
        or(isNull(qaRecords.fileId), liveDocument(input.folders)),
        or(
          sql`${qaRecords.question} % ${question}`,
          tsq ? sql`${qaRecords.searchVector} @@ ${tsq}::tsquery` : undefined,
        ),
      ),
    )
    .orderBy(
      desc(sql`${trigram} + ${tsq ? sql`ts_rank(${qaRecords.searchVector}, ${tsq}::tsquery)` : sql`0`}`),
      desc(qaRecords.id),
    )
    .limit(CANDIDATES);
  let best: QaMatch | null = null;
  for (const row of rows) {
    const score = Math.min(1, Math.max(Number(row.trigram), wordOverlap(words, questionWords(row.question))));
    if (!best || score > best.score) best = { id: row.id, question: row.question, answer: row.answer, score };
  }
  return best;
}
