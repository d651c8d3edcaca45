import type { AnswerThresholds, DecisionReason } from '@agent-console/contracts';
import type { ScoredUnit } from './knowledge-index';
import { hasContent, type QueryTerm } from './search-terms';
import { trigramSimilarity } from './trigram';

/**
 * The answer decision (issue 32): answer only when the knowledge clearly holds the answer,
 * otherwise hand the conversation to a person. A wrong answer quoted with a source costs more
 * than a hand-over, so every test must pass:
 *  - coverage: the best candidate holds most of what the question asks about (rare words weigh
 *    more, and a word the knowledge never uses weighs most: a near miss shares a common word or
 *    two with the knowledge and misses the word that matters);
 *  - score: its BM25 score, normalised by the best the question could reach, is high enough;
 *  - margin: the best candidate that says something else is clearly behind it.
 * A QA whose question is the asked question, nearly word for word (`qaMatchThreshold`), answers
 * whatever the margin: two QA asking alike cannot both be behind.
 */

export interface Decision {
  reason: DecisionReason;
  /** The candidate that answers, when the reason is `answer`. */
  chosen: ScoredUnit | null;
  score: number;
  coverage: number;
  margin: number;
}

export interface DecisionThresholds extends AnswerThresholds {
  qaMatchThreshold: number;
}

const normalised = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether two candidates give the same answer: passages of one section (a document's heading, or
 * its question, which is also the question of the QA mined from it), or texts one of which holds
 * the other.
 */
export function sameAnswer(a: ScoredUnit, b: ScoredUnit): boolean {
  const sameSection = a.unit.fileId !== null && a.unit.fileId === b.unit.fileId && a.unit.title !== null;
  if (sameSection && normalised(a.unit.title ?? '') === normalised(b.unit.title ?? '')) return true;
  if (a.unit.kind === b.unit.kind && a.unit.id === b.unit.id && a.unit.title === b.unit.title) return true;
  const left = normalised(a.unit.text);
  const right = normalised(b.unit.text);
  return left === right || left.includes(right) || right.includes(left);
}

export function decide(
  candidates: readonly ScoredUnit[],
  terms: readonly QueryTerm[],
  searched: string,
  thresholds: DecisionThresholds,
): Decision {
  const none = { chosen: null, score: 0, coverage: 0, margin: 0 };
  if (!hasContent(terms)) return { reason: 'noQuestion', ...none };
  const best = candidates[0];
  if (!best) return { reason: 'noMatch', ...none };
  const same = candidates.find(
    (c) =>
      c.unit.kind === 'qa' &&
      c.unit.title !== null &&
      trigramSimilarity(c.unit.title, searched) >= thresholds.qaMatchThreshold,
  );
  const chosen = same ?? best;
  const rival = candidates.find((c) => c !== chosen && !sameAnswer(c, chosen));
  const margin = rival ? Math.max(0, (chosen.rank - rival.rank) / chosen.rank) : 1;
  const measured = { score: chosen.score, coverage: chosen.coverage, margin };
  if (same) return { reason: 'answer', chosen, ...measured };
  if (chosen.elsewhere.length) return { reason: 'otherSubject', chosen: null, ...measured };
  if (chosen.coverage < thresholds.minCoverage || chosen.score < thresholds.minScore) {
    return { reason: 'lowScore', chosen: null, ...measured };
  }
  if (margin < thresholds.minMargin) return { reason: 'notDistinct', chosen: null, ...measured };
  return { reason: 'answer', chosen, ...measured };
}
