import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knowledgeFiles, knowledgeFragments } from '../../db/schema';
import { liveDocument } from './knowledge-scope';
import type { QuestionWord } from './question-words';
import { anyWordQuery } from './word-query';

export interface FoundFragment {
  id: number;
  fileId: number;
  fileName: string;
  heading: string | null;
  content: string;
  /** Share (0–1) of the question's word weight found in the fragment's heading and text. */
  coverage: number;
}

/**
 * The condition "this fragment contains the word", as `containsWord` decides it in JavaScript:
 * CJK words anywhere, other words at a word start (`\m`), so "hour" finds "hours" but "art" does
 * not find "start". Words are letters and digits only (question-words.ts), so none of them is
 * regular-expression syntax.
 */
function hasWord(text: SQL, w: QuestionWord): SQL {
  return w.cjk ? sql`strpos(${text}, ${w.word}) > 0` : sql`${text} ~ ${`\\m${w.word}`}`;
}

/** Fragments scored in full; the index narrows a knowledge base of any size to these first. */
const CANDIDATES = 200;

/**
 * Steps 2–3 of the pipeline: the `topK` fragments of the customer's completed, live documents
 * (within the app's folders) that hold the largest share of the question's words. The fragments'
 * search index picks the candidates holding any of the words, best ranked first (fragments not
 * indexed yet are candidates too); only those are scored word by word.
 */
export async function topFragments(
  db: Db,
  input: { customerId: number; words: readonly QuestionWord[]; topK: number; folders: readonly number[] | null },
): Promise<FoundFragment[]> {
  const total = input.words.reduce((sum, w) => sum + w.weight, 0);
  const tsq = anyWordQuery(input.words);
  if (!total || !tsq) return [];
  const live = and(
    eq(knowledgeFragments.customerId, input.customerId),
    eq(knowledgeFiles.processStatus, 'completed'),
    liveDocument(input.folders),
  );
  const candidates = db
    .select({ id: knowledgeFragments.id })
    .from(knowledgeFragments)
    .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeFragments.fileId))
    .where(
      and(
        live,
        or(sql`${knowledgeFragments.searchVector} @@ ${tsq}::tsquery`, isNull(knowledgeFragments.searchVector)),
      ),
    )
    .orderBy(desc(sql`ts_rank(coalesce(${knowledgeFragments.searchVector}, ''::tsvector), ${tsq}::tsquery)`))
    .limit(CANDIDATES);
  const text = sql`lower(coalesce(${knowledgeFragments.heading}, '') || ' ' || ${knowledgeFragments.content})`;
  const found = sql.join(
    input.words.map((w) => sql`(case when ${hasWord(text, w)} then ${w.weight}::int else 0 end)`),
    sql` + `,
  );
  const coverage = sql<number>`((${found})::float8 / ${total}::float8)`;
  const rows = await db
    .select({
      id: knowledgeFragments.id,
      fileId: knowledgeFragments.fileId,
      fileName: knowledgeFiles.name,
      heading: knowledgeFragments.heading,
      content: knowledgeFragments.content,
      coverage,
    })
    .from(knowledgeFragments)
    .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeFragments.fileId))
    .where(and(live, inArray(knowledgeFragments.id, candidates), sql`${coverage} > 0`))
    .orderBy(desc(coverage), asc(knowledgeFragments.fileId), asc(knowledgeFragments.seq))
    .limit(input.topK);
  return rows.map((row) => ({ ...row, coverage: Number(row.coverage) }));
}
