import type { Db } from '../../../db/client';
import type { EmbeddingClient } from '../../../integrations/embedding';
import type { VectorHit } from '../../../lib/vector-search';
import { customerVectors } from '../../knowledge/vectors/customer-vectors';
import { type Decision, type DecisionThresholds, decideByWords } from './answer-decision';
import { decideByMeaning, fuseRankings, type RankedCandidate } from './hybrid-ranking';
import { customerIndex } from './index-cache';
import type { KnowledgeIndex, KnowledgeUnit } from './knowledge-index';
import type { SearchedQuestion } from './message-question';
import { quoteTerms } from './passages';
import { hasContent, type QueryTerm } from './search-terms';

/** Candidates ranked and returned; the decision looks at the first few, the test panel shows them. */
export const CANDIDATE_LIMIT = 10;

/** The longest an answer waits for the question's vector before it goes on by words alone. */
export const QUESTION_VECTOR_TIMEOUT_MS = 5_000;

export interface Retrieval {
  /** The text searched: the question taken out of the message (and the turn it follows up). */
  searched: string;
  followUp: boolean;
  /**
   * For a follow-up, the id of the QA that answered the turn it follows up: it is not given again
   * (the decision passes over it), and the test panel says so.
   */
  answeredBefore: number | null;
  terms: QueryTerm[];
  /** The terms weighted by how rare they are in this knowledge too: what a quote should hold. */
  quoteTerms: QueryTerm[];
  /** Whether the ranking by meaning took part (an embedding model, and vectors of this knowledge). */
  hybrid: boolean;
  candidates: RankedCandidate[];
  decision: Decision;
}

export interface RetrievalInput {
  customerId: number;
  /** What is searched: the last user turn's question, with the turn before when it follows up. */
  question: SearchedQuestion;
  folders: readonly number[] | null;
  thresholds: DecisionThresholds & { vectorMinSimilarity: number };
  /** The embedding model; without it (or when it fails) the words alone rank, as before issue 33. */
  embeddings?: EmbeddingClient | null | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * One retrieval over the customer's knowledge (issues 32, 33): the question in the last user turn
 * (with the turn before when it follows up), searched in the customer's QA and document passages
 * at once by words (BM25) and, with an embedding model, by meaning; the two rankings fused
 * (hybrid-ranking.ts); and the decision whether the best one answers. The decision by words is
 * the one made without embeddings; only when it hands over may a QA close in meaning answer.
 * `folders` limits documents to an app's folders (null: all); QA added by hand belong to no
 * document and always count.
 */
export async function retrieve(db: Db, input: RetrievalInput): Promise<Retrieval> {
  const { question } = input;
  const asksSomething = hasContent(question.terms);
  const [{ index, revision }, questionVector] = await Promise.all([
    customerIndex(db, input.customerId),
    asksSomething && input.embeddings ? vectorOf(input.embeddings, question.searched, input.signal) : null,
  ]);
  const folders = input.folders ? new Set(input.folders) : null;
  const admit = (unit: KnowledgeUnit) =>
    !folders || unit.fileId === null || (unit.folderId !== null && folders.has(unit.folderId));
  let hits: VectorHit[] = [];
  if (questionVector && input.embeddings) {
    const vectors = await customerVectors(db, input.customerId, input.embeddings.key, revision);
    if (vectors && vectors.dimensions === questionVector.length) {
      // A vector at a right angle to the question's (or beyond) shares no meaning with it at all.
      hits = vectors
        .search(questionVector, CANDIDATE_LIMIT, (key) => admitted(index, key, admit))
        .filter((hit) => hit.similarity > 0);
    }
  }
  const include = new Set(hits.map((hit) => index.unitOf(hit.key) as number));
  // A word this knowledge does not hold weighs as what it says: a misspelling as the word it
  // stands for, a rare Chinese run of common characters as its characters (weighUnheld).
  const terms = index.weighUnheld(question.terms);
  const ranked = fuseRankings(index.search(terms, admit, CANDIDATE_LIMIT, include), hits);
  // A follow-up asks something the answer it follows did not say: that QA is not given again
  // (the test panel still lists it, marked).
  const answeredBefore = question.earlier ? earlierQaAnswer(index, question.earlier, admit, input.thresholds) : null;
  const eligible = answeredBefore
    ? ranked.filter((c) => !(c.unit.kind === 'qa' && c.unit.id === answeredBefore.id))
    : ranked;
  const byWords = eligible.filter((c) => c.wordRank !== null).sort((a, b) => (a.wordRank ?? 0) - (b.wordRank ?? 0));
  const decision = decideByWords(index, byWords, { searched: question.searched, terms }, input.thresholds);
  return {
    searched: question.searched,
    followUp: question.earlier !== undefined,
    answeredBefore: answeredBefore?.id ?? null,
    terms,
    quoteTerms: quoteTerms(terms, (term) => index.idf(term)),
    hybrid: hits.length > 0,
    candidates: ranked.slice(0, CANDIDATE_LIMIT),
    decision:
      decision.reason === 'answer' || !hits.length
        ? decision
        : (decideByMeaning(eligible, input.thresholds.vectorMinSimilarity) ?? decision),
  };
}

/**
 * The QA that answered the turn a follow-up follows up, when one did: that turn searched and
 * decided alone, as it was when it was asked. A fragment's section is not counted: another of its
 * sentences may answer the follow-up ("what shell does npm use?" then "can I change it?").
 */
function earlierQaAnswer(
  index: KnowledgeIndex,
  earlier: { searched: string; terms: readonly QueryTerm[] },
  admit: (unit: KnowledgeUnit) => boolean,
  thresholds: DecisionThresholds,
): KnowledgeUnit | null {
  const terms = index.weighUnheld(earlier.terms);
  const candidates = index.search(terms, admit, CANDIDATE_LIMIT);
  const chosen = decideByWords(index, candidates, { searched: earlier.searched, terms }, thresholds).chosen;
  return chosen?.unit.kind === 'qa' ? chosen.unit : null;
}

function admitted(index: KnowledgeIndex, key: string, admit: (unit: KnowledgeUnit) => boolean): boolean {
  const position = index.unitOf(key);
  return position !== undefined && admit(index.units[position] as KnowledgeUnit);
}

/**
 * The question's vector, or null when the model fails or is slow: an answer by words beats no
 * answer. The model client counts the failure (model_calls_total) and its breaker keeps a failing
 * model from being asked at every answer.
 */
async function vectorOf(embeddings: EmbeddingClient, text: string, signal?: AbortSignal): Promise<Float32Array | null> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(), QUESTION_VECTOR_TIMEOUT_MS);
  const caller = () => limit.abort();
  signal?.addEventListener('abort', caller, { once: true });
  try {
    const [vector] = await embeddings.embed([text], limit.signal);
    return vector ?? null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', caller);
  }
}
