import type { Db } from '../../db/client';
import { type Decision, type DecisionThresholds, decide } from './answer-decision';
import { customerIndex } from './index-cache';
import type { ScoredUnit } from './knowledge-index';
import { searchedQuestion } from './message-question';
import type { QueryTerm } from './search-terms';

/** Candidates ranked and returned; the decision looks at the first few, the test panel shows them. */
export const CANDIDATE_LIMIT = 10;

export interface Retrieval {
  /** The text searched: the question taken out of the message (and the turn it follows up). */
  searched: string;
  followUp: boolean;
  terms: QueryTerm[];
  /** The terms weighted by how rare they are in this knowledge too: what a quote should hold. */
  quoteTerms: QueryTerm[];
  candidates: ScoredUnit[];
  decision: Decision;
}

/**
 * One retrieval over the customer's knowledge (issue 32): the question in the last user turn
 * (with the turn before when it follows up), searched in the customer's QA and document passages
 * at once, ranked on one scale, and the decision whether the best one answers. `folders` limits
 * documents to an app's folders (null: all); QA added by hand belong to no document and always
 * count.
 */
export async function retrieve(
  db: Db,
  input: {
    customerId: number;
    turns: readonly string[];
    folders: readonly number[] | null;
    thresholds: DecisionThresholds;
  },
): Promise<Retrieval> {
  const question = searchedQuestion(input.turns);
  const index = await customerIndex(db, input.customerId);
  const folders = input.folders ? new Set(input.folders) : null;
  const candidates = index.search(
    question.terms,
    (unit) => !folders || unit.fileId === null || (unit.folderId !== null && folders.has(unit.folderId)),
    CANDIDATE_LIMIT,
  );
  return {
    ...question,
    quoteTerms: question.terms.map((t) => ({ ...t, weight: t.weight * index.idf(t.term) })),
    candidates,
    decision: decide(candidates, question.terms, question.searched, input.thresholds),
  };
}
