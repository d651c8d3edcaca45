import type { AnswerCandidate, AnswerTestResult } from '@agent-console/contracts';
import { explainedDraft } from './agent';
import type { AgentDeps } from './agent-types';
import { round } from './answer-sources';
import { MEANING_MARGIN, type RankedCandidate } from './hybrid-ranking';
import { quotePassage } from './passages';
import type { QueryTerm } from './search-terms';

/**
 * "Test a question" (issue 32): what the agent would answer and why, through the very pipeline
 * that answers customers, but without the quota check, usage or a stored conversation. Without an
 * app it runs with the default configuration over all of the customer's knowledge. The caller has
 * checked the customer is the caller's and the app the customer's.
 */
export async function testQuestion(
  deps: AgentDeps,
  input: { customerId: number; appId: number | null; question: string; history: readonly string[] },
): Promise<AnswerTestResult> {
  const messages = [...input.history, input.question].map((content) => ({ role: 'user' as const, content }));
  const { draft, retrieval, config } = await explainedDraft(deps, {
    customerId: input.customerId,
    appId: input.appId,
    messages,
  });
  const { decision } = retrieval;
  return {
    searched: retrieval.searched,
    followUp: retrieval.followUp,
    words: retrieval.terms.map((t) => ({ word: t.word, weight: round(t.weight) })),
    hybrid: retrieval.hybrid,
    candidates: retrieval.candidates.map((c) => candidateOf(c, retrieval.quoteTerms, retrieval.answeredBefore)),
    decision: {
      reason: decision.reason,
      score: round(decision.score),
      coverage: round(decision.coverage),
      margin: round(decision.margin),
      thresholds: { minScore: config.minScore, minCoverage: config.minCoverage, minMargin: config.minMargin },
      meaningThresholds: { minSimilarity: config.vectorMinSimilarity, minMargin: MEANING_MARGIN },
    },
    answer: { content: draft.content, sources: draft.sources, needsPerson: draft.needsPerson, step: draft.step },
  };
}

function candidateOf(
  { unit, score, coverage, rank, wordRank, meaningRank, similarity }: RankedCandidate,
  terms: readonly QueryTerm[],
  answeredBefore: number | null,
): AnswerCandidate {
  return {
    kind: unit.kind,
    id: unit.id,
    fileId: unit.fileId,
    fileName: unit.fileName,
    title: unit.title,
    text: unit.kind === 'qa' ? unit.text : quotePassage(unit.text, terms),
    score: round(score),
    coverage: round(coverage),
    rank: round(rank),
    wordRank,
    meaningRank,
    similarity: similarity === null ? null : round(similarity),
    answeredBefore: unit.kind === 'qa' && unit.id === answeredBefore,
  };
}
