import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knowledgeFiles, qaRecords } from '../../db/schema';
import { questionKey } from '../knowledge/search-text';
import { liveDocument } from './knowledge-scope';
import { questionWords, wordOverlap } from './question-words';
import { trigramSimilarity } from './trigram';
import { anyWordQuery } from './word-query';

export interface QaMatch {
  id: number;
  question: string;
  answer: string;
  /** 0–1: the larger of trigram similarity and the overlap of the two questions' words. */
  score: number;
}

/** Candidates scored in full; the index narrows thousands of QA to these first. */
const CANDIDATES = 40;

/**
 * Step 1 of the pipeline (WAVE2 §15.5): the customer's QA whose question is most like the
 * question asked. Two measures, because each fails where the other works: trigram similarity of
 * the whole questions catches rewordings and typos in alphabetic text but sees little in Chinese,
 * while the overlap of jieba words works in every language but ignores word order and function
 * words. The score is the larger of the two. Candidates are the QA holding any of the question's
 * words, best ranked by the full-text index (plus an exact match of the normalised question, for
 * questions made only of function words); both measures are computed here for those only. QA of
 * disabled or recycled documents, or (when the app names folders) of documents outside them, do
 * not answer; manual QA belong to no document and always do.
 */
export async function bestQa(
  db: Db,
  input: { customerId: number; question: string; folders: readonly number[] | null },
): Promise<QaMatch | null> {
  const question = input.question.trim().slice(0, 2000);
  if (!question) return null;
  const words = questionWords(question);
  const tsq = anyWordQuery(words);
  const rows = await db
    .select({ id: qaRecords.id, question: qaRecords.question, answer: qaRecords.answer })
    .from(qaRecords)
    .leftJoin(knowledgeFiles, eq(knowledgeFiles.id, qaRecords.fileId))
    .where(
      and(
        eq(qaRecords.customerId, input.customerId),
        or(isNull(qaRecords.fileId), liveDocument(input.folders)),
        or(
          eq(qaRecords.questionKey, questionKey(question)),
          tsq ? sql`${qaRecords.searchVector} @@ ${tsq}::tsquery` : undefined,
        ),
      ),
    )
    .orderBy(...(tsq ? [desc(sql`ts_rank(${qaRecords.searchVector}, ${tsq}::tsquery)`)] : []), desc(qaRecords.id))
    .limit(CANDIDATES);
  let best: QaMatch | null = null;
  for (const row of rows) {
    const score = Math.min(
      1,
      Math.max(trigramSimilarity(row.question, question), wordOverlap(words, questionWords(row.question))),
    );
    if (!best || score > best.score) best = { id: row.id, question: row.question, answer: row.answer, score };
  }
  return best;
}
