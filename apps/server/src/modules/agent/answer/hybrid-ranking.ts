import type { VectorHit } from '../../../lib/vector-search';
import { type Decision, sameAnswer } from './answer-decision';
import type { ScoredUnit } from './knowledge-index';

/**
 * Retrieval by words and by meaning in one list (issue 33): reciprocal rank fusion. Each ranking
 * gives a candidate 1 / (RRF_K + its rank); the sum orders the list. Ranks, not scores, are fused
 * because BM25 and cosine similarity are on scales that cannot be compared, and a candidate that
 * both rankings place high comes first. 60 is the constant of Cormack et al. (2009), under which
 * the first ranks of each list weigh alike and a long tail weighs little.
 */
export const RRF_K = 60;

/**
 * How much closer by meaning a QA must be than the closest candidate that says something else to
 * answer on meaning alone: two QA that embed alike are one guess apart.
 */
export const MEANING_MARGIN = 0.05;

export interface RankedCandidate extends ScoredUnit {
  /** 1 for the best match by words; null: it holds none of the question's words. */
  wordRank: number | null;
  /** 1 for the closest by meaning; null: not among them (or no embedding model). */
  meaningRank: number | null;
  similarity: number | null;
}

/** The key of the row a unit belongs to, as the vector index names it. */
export const rowKey = (c: ScoredUnit) => `${c.unit.kind}:${c.unit.id}`;

/**
 * The candidates by words (best first, `bm25` 0 for those found only by meaning) fused with the
 * hits by meaning (best first). Without hits the order by words is kept as it is.
 */
export function fuseRankings(scored: readonly ScoredUnit[], hits: readonly VectorHit[]): RankedCandidate[] {
  const meaning = new Map<string, { rank: number; similarity: number }>();
  hits.forEach((hit, i) => {
    if (!meaning.has(hit.key)) meaning.set(hit.key, { rank: i + 1, similarity: hit.similarity });
  });
  let words = 0;
  const ranked = scored.map((c) => {
    const byMeaning = meaning.get(rowKey(c));
    return {
      ...c,
      wordRank: c.bm25 > 0 ? ++words : null,
      meaningRank: byMeaning?.rank ?? null,
      similarity: byMeaning?.similarity ?? null,
    };
  });
  if (!hits.length) return ranked;
  const fused = (c: RankedCandidate) =>
    (c.wordRank ? 1 / (RRF_K + c.wordRank) : 0) + (c.meaningRank ? 1 / (RRF_K + c.meaningRank) : 0);
  return ranked
    .map((c) => ({ c, f: fused(c) }))
    .sort((a, b) => b.f - a.f || (a.c.wordRank ?? Infinity) - (b.c.wordRank ?? Infinity))
    .map(({ c }) => c);
}

/**
 * When the words decided to hand over: a QA found by meaning answers if it is the closest, at
 * `minSimilarity` or more, clearly closer than anything that says something else, and no telling
 * word of the question points at another document. A passage found by meaning alone is left to
 * the language model, which reads it: the built-in answerer quotes by the question's words.
 */
export function decideByMeaning(candidates: readonly RankedCandidate[], minSimilarity: number): Decision | null {
  const best = candidates.find((c) => c.meaningRank === 1);
  if (best?.unit.kind !== 'qa' || (best.similarity ?? 0) < minSimilarity || best.elsewhere.length) return null;
  const rival = candidates
    .filter((c) => c !== best && c.similarity !== null && !sameAnswer(c, best))
    .reduce((most, c) => Math.max(most, c.similarity ?? 0), 0);
  const margin = (best.similarity ?? 0) - rival;
  if (margin < MEANING_MARGIN) return null;
  return { reason: 'meaning', chosen: best, score: best.similarity ?? 0, coverage: best.coverage, margin };
}
