import type { AnswerThresholds, DecisionReason } from '@agent-console/contracts';
import { isAnswerKind, requiredKinds } from './answer-kinds';
import type { KnowledgeIndex, ScoredUnit } from './knowledge-index';
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
 *  - lead: the best candidate that says something else is clearly behind it. Ranks alone are a
 *    poor guide when both hold the same words (a near miss found in two sections that mention
 *    what it asks about in passing), so the lead is the rank margin plus the share of the
 *    question the best holds and the next lacks, less half the share the next holds and the best
 *    lacks: two candidates holding the same words must differ much in rank, and one that holds
 *    the question's telling word the other lacks may lead by less. The kind of value asked for
 *    ("when", "how long") counts as a word here: the one giving a date leads one that gives none.
 * A QA whose question is the asked question, nearly word for word (`qaMatchThreshold`), answers
 * whatever the margin: two QA asking alike cannot both be behind. So does the one QA whose
 * question asks for the same kind of value about the same thing, naming the kind with a noun
 * ("when are you open" and "What are your opening hours?"; KnowledgeIndex.asksKindAsStored). A
 * question asking for a price is answered only by a candidate that gives one (answer-kinds.ts,
 * `required`).
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

/** How much the words the best candidate holds and the next lacks add to its lead, and the reverse takes. */
export const LEAD_WEIGHTS = { held: 1, lacked: 0.5 } as const;

/**
 * How far `chosen` leads `rival` (0–1): their rank margin, plus the share of the question's
 * weight (`weights`, per term) the chosen holds beyond the rival, less LEAD_WEIGHTS.lacked of the
 * share the rival holds beyond it.
 */
export function leadOver(
  chosen: ScoredUnit,
  rival: ScoredUnit | undefined,
  weights: ReadonlyMap<string, number>,
): number {
  if (!rival) return 1;
  const margin = Math.max(0, (chosen.rank - rival.rank) / chosen.rank);
  let total = 0;
  let held = 0;
  let lacked = 0;
  for (const [term, weight] of weights) {
    if (!weight) continue;
    total += weight;
    const difference = (chosen.held.get(term) ?? 0) - (rival.held.get(term) ?? 0);
    if (difference > 0) held += weight * difference;
    else lacked -= weight * difference;
  }
  if (!total) return margin;
  const lead = margin + (LEAD_WEIGHTS.held * held - LEAD_WEIGHTS.lacked * lacked) / total;
  return Math.min(1, Math.max(0, lead));
}

/**
 * What the value a question asks for weighs in the lead, as a share of all its words: of two
 * sections holding the same words, the one giving a date answers "fastify support end date for
 * version 4" and the one about the policy does not.
 */
export const ASKED_KIND_LEAD_SHARE = 0.25;

/** The words' weights, and the kind of value asked for (answer-kinds.ts) at ASKED_KIND_LEAD_SHARE of them. */
function withAskedKinds(
  weights: ReadonlyMap<string, number>,
  terms: readonly QueryTerm[],
): ReadonlyMap<string, number> {
  const kinds = terms.filter((t) => isAnswerKind(t.term));
  if (!kinds.length) return weights;
  let total = 0;
  for (const weight of weights.values()) total += weight;
  const out = new Map(weights);
  for (const kind of kinds) out.set(kind.term, ASKED_KIND_LEAD_SHARE * total);
  return out;
}

/** The one element, or undefined when there are none or several. */
const onlyOne = <T>(items: readonly T[]): T | undefined => (items.length === 1 ? items[0] : undefined);

export function decide(
  candidates: readonly ScoredUnit[],
  terms: readonly QueryTerm[],
  searched: string,
  thresholds: DecisionThresholds,
  weights: ReadonlyMap<string, number>,
  asksAsStored: (stored: string) => boolean = () => false,
  asksKindAsStored: (stored: string) => boolean = () => false,
): Decision {
  const none = { chosen: null, score: 0, coverage: 0, margin: 0 };
  if (!hasContent(terms)) return { reason: 'noQuestion', ...none };
  const best = candidates[0];
  if (!best) return { reason: 'noMatch', ...none };
  const stored = candidates.filter((c) => c.unit.kind === 'qa' && c.unit.title !== null);
  const same =
    stored.find(
      (c) =>
        trigramSimilarity(c.unit.title ?? '', searched) >= thresholds.qaMatchThreshold ||
        asksAsStored(c.unit.title ?? ''),
    ) ?? onlyOne(stored.filter((c) => asksKindAsStored(c.unit.title ?? '')));
  const chosen = same ?? best;
  const rival = candidates.find((c) => c !== chosen && !sameAnswer(c, chosen));
  const margin = leadOver(chosen, rival, withAskedKinds(weights, terms));
  const measured = { score: chosen.score, coverage: chosen.coverage, margin };
  if (same) return { reason: 'answer', chosen, ...measured };
  if (requiredKinds(terms).some((kind) => !chosen.held.get(kind))) {
    return { reason: 'noValue', chosen: null, ...measured };
  }
  if (chosen.elsewhere.length) return { reason: 'otherSubject', chosen: null, ...measured };
  if (chosen.coverage < thresholds.minCoverage || chosen.score < thresholds.minScore) {
    return { reason: 'lowScore', chosen: null, ...measured };
  }
  if (margin < thresholds.minMargin) return { reason: 'notDistinct', chosen: null, ...measured };
  return { reason: 'answer', chosen, ...measured };
}

/** The decision over ranked candidates, with the question's own terms and text, as `index` weighs them. */
export function decideByWords(
  index: KnowledgeIndex,
  candidates: readonly ScoredUnit[],
  question: { searched: string; terms: readonly QueryTerm[] },
  thresholds: DecisionThresholds,
): Decision {
  const { searched, terms } = question;
  return decide(
    candidates,
    terms,
    searched,
    thresholds,
    index.coverageWeights(terms),
    (stored) => index.asksAsStored(terms, stored),
    (stored) => index.asksKindAsStored(terms, stored),
  );
}
