import { CandidateOrder, kthLargest } from './candidate-order';
import type { KnowledgeUnit, ScoredUnit } from './knowledge-index';
import type { Question, QuestionCoverage } from './question-coverage';
import type { QueryTerm } from './search-terms';
import type { SearchScratch } from './term-postings';

/**
 * The second half of a search of the knowledge index (knowledge-index.ts): from every unit's BM25,
 * the best candidates (a section of passages is one), ranked by BM25 discounted for the share of
 * the question they miss.
 */

/**
 * BM25 adds up the words a unit holds, so a unit that repeats two of the question's words can
 * outrank one that holds all of them once; ranking by BM25 times this floor plus the coverage
 * puts the unit that answers the whole question first.
 */
const COVERAGE_IN_RANK = 0.6;

/** A candidate's rank: its BM25, discounted for the share of the question it does not cover. */
export function rankOf(bm25: number, coverage: number): number {
  return bm25 * (1 - COVERAGE_IN_RANK + COVERAGE_IN_RANK * coverage);
}

/** How many passages on either side of a section's best passage its candidate covers and quotes. */
const NEIGHBOURS = 1;

/** The search first walks this many times `limit` candidates with the highest bounds. */
const FIRST_WALK = 4;

/** How far a candidate's bound is lifted above the rank it bounds, against rounding. */
export const BOUND_MARGIN = 1 + 1e-9;

/** Which units may be candidates, how many are kept, those found by meaning, and the question's coverage. */
export interface RankOptions {
  admit: (unit: KnowledgeUnit) => boolean;
  limit: number;
  include: ReadonlySet<number>;
  coverage: QuestionCoverage;
}

/** What the ranking reads of the index: its units, their sections, the search's scratch. */
export interface SectionView {
  units: readonly KnowledgeUnit[];
  /** Per unit, the first unit of its section. */
  sectionStart: Int32Array;
  /** Per unit, whether its section has other passages (1). */
  inSection: Uint8Array;
  scratch: SearchScratch;
  /** The question's telling words a candidate lacks that only other documents hold. */
  elsewhere(unit: KnowledgeUnit, query: readonly QueryTerm[], held: ReadonlyMap<string, number>): string[];
}

/**
 * The search's second half: candidates (sections) taken highest bound first, each looked at
 * closely (the question's words it holds, its coverage, its rank) until the next one's bound
 * cannot reach the ranks already kept.
 */
export function rankCandidates(
  view: SectionView,
  question: Question,
  { admit, limit, include, coverage: coverageOf }: RankOptions,
  touched: readonly number[],
  sections: number[],
): ScoredUnit[] {
  const { query, maxScore } = question;
  const { scores, sectionBest, masks, sectionMasks } = view.scratch;

  // The passages of one section are one candidate: the best passage ranks it, and it covers
  // what that passage and the passages beside it hold, so a question whose words fall in two
  // neighbouring passages of the section that answers it is covered as a whole, and the quote may
  // come from either. A passage further away is not what the quote can reach: in a long section
  // (a table of options, a chapter) it would lend the candidate words it cannot answer with.
  // Most sections are one passage. A candidate's rank is its best passage's BM25 discounted for
  // what it misses, so it is at most that BM25 discounted by the coverage of every term its
  // passages hold (the mask of each, question-coverage.ts), which for a unit alone is its very rank:
  // candidates are taken highest bound first and the walk stops once the next one's bound cannot
  // reach the ranks already kept. Only those few are looked at closely; in a large knowledge
  // base, the thousands that hold only its common words, or tie with the last one kept, never are.
  const sectionOf = (index: number) => (view.inSection[index] ? (view.sectionStart[index] as number) : index);
  const consider = (index: number) => {
    const start = sectionOf(index);
    const held = sectionBest[start] as number;
    sectionMasks[start] = (sectionMasks[start] as number) | (masks[index] as number);
    if (held === -1) {
      sections.push(start);
      sectionBest[start] = index;
    } else {
      const value = scores[index] as number;
      const heldValue = scores[held] as number;
      // The best passage; of equals, the first.
      if (value > heldValue || (value === heldValue && index < held)) sectionBest[start] = index;
    }
  };
  // A unit alone in its section is its own candidate: its best passage and its mask are its own,
  // and the scratch's section slots are left alone (most units, and the cost of a large search).
  const { inSection } = view;
  const single: number[] = [];
  for (let i = 0; i < touched.length; i++) {
    const index = touched[i] as number;
    if (inSection[index]) consider(index);
    else single.push(index);
  }
  for (const index of include) {
    if (inSection[index]) consider(index);
    else if (!((scores[index] as number) > 0)) single.push(index);
  }
  const bestOf = (start: number) => (inSection[start] ? (sectionBest[start] as number) : start);
  const starts = new Int32Array(single.length + sections.length);
  starts.set(single);
  starts.set(sections, single.length);
  const bounds = new Float64Array(starts.length);
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] as number;
    const coverage = coverageOf.ofMask(inSection[start] ? (sectionMasks[start] as number) : (masks[start] as number));
    // A hair above, so that rounding in a different order never puts a rank above its bound.
    bounds[i] = rankOf(scores[bestOf(start)] as number, coverage) * BOUND_MARGIN;
  }
  const kept: (Omit<ScoredUnit, 'elsewhere'> & { included: boolean; start: number })[] = [];
  /** The kept ranks, best first (of equal ranks, the earlier section), at most `limit` of them. */
  const top: { rank: number; start: number }[] = [];
  const scoreOf = (start: number) => {
    const bestIndex = bestOf(start);
    const bestUnit = view.units[bestIndex] as KnowledgeUnit;
    if (!admit(bestUnit)) return;
    const members = view.inSection[bestIndex]
      ? membersOf(
          view,
          start,
          // A passage found by meaning is the candidate's wherever it stands in the section.
          (i) => include.has(i) || (Math.abs(i - bestIndex) <= NEIGHBOURS && (scores[i] as number) > 0),
        )
      : null;
    // Parts of a word add up within a passage; across passages the section holds the best.
    const held = new Map<string, number>();
    for (const index of members ?? [bestIndex]) {
      const own = new Map<string, number>();
      coverageOf.heldBy(index, own);
      for (const [term, factor] of own) held.set(term, Math.max(held.get(term) ?? 0, factor));
    }
    const coverage = coverageOf.of(held);
    const value = scores[bestIndex] as number;
    const rank = rankOf(value, coverage);
    const unit =
      members === null || members.length < 2
        ? bestUnit
        : { ...bestUnit, text: members.map((i) => (view.units[i] as KnowledgeUnit).text).join('\n\n') };
    const included = (members ?? [bestIndex]).some((i) => include.has(i));
    kept.push({ unit, bm25: value, score: Math.min(1, value / maxScore), coverage, rank, held, included, start });
    const at = top.findIndex((r) => r.rank < rank || (r.rank === rank && r.start > start));
    top.splice(at === -1 ? top.length : at, 0, { rank, start });
    if (top.length > limit) top.pop();
  };
  const walked = new Set<number>();
  /** Walks `members` highest bound first; false once the next bound cannot reach the kept ranks. */
  const walk = (members: Int32Array): boolean => {
    const order = new CandidateOrder(starts, bounds, members);
    for (let candidate = order.next(); candidate !== -1; candidate = order.next()) {
      const last = top.length >= limit ? (top[limit - 1] as { rank: number; start: number }) : null;
      const bound = bounds[candidate] as number;
      // Every candidate after this one is behind too: only those found by meaning still count.
      if (last && bound < last.rank) return false;
      // One whose bound is the last kept rank (within the bounds' margin) can at most tie it, and
      // of equal ranks the earlier section goes first: a later one is passed over unscored. A
      // knowledge base of questions written from one template ("How do I reset model …") ties by
      // the thousand, and each would otherwise be looked at closely.
      if (last && bound <= last.rank * BOUND_MARGIN && (starts[candidate] as number) > last.start) continue;
      walked.add(starts[candidate] as number);
      scoreOf(starts[candidate] as number);
    }
    return true;
  };
  // The few with the highest bounds first, from which the kept ranks rise; then, only if the
  // walk got through them all, those of the rest that can still reach the kept ranks. (One heap
  // of every candidate took a quarter longer on 200,000 units: most never need ordering.)
  const first = kthLargest(bounds, FIRST_WALK * limit);
  /** The candidates whose bound is at least `least` and below `below`. */
  const candidates = (least: number, below: number) => {
    const members: number[] = [];
    for (let i = 0; i < bounds.length; i++) {
      const bound = bounds[i] as number;
      if (bound >= least && bound < below) members.push(i);
    }
    return Int32Array.from(members);
  };
  if (walk(candidates(first, Number.POSITIVE_INFINITY))) {
    const bar = top.length >= limit ? (top[limit - 1] as { rank: number }).rank : Number.NEGATIVE_INFINITY;
    walk(candidates(bar, first));
  }
  // Candidates found by meaning are returned whatever their rank by words.
  for (const index of include) {
    const start = sectionOf(index);
    if (walked.has(start)) continue;
    walked.add(start);
    scoreOf(start);
  }
  return kept
    .sort((a, b) => b.rank - a.rank || a.start - b.start)
    .filter((candidate, i) => i < limit || candidate.included)
    .map(({ included: _, start: __, ...candidate }) => ({
      ...candidate,
      elsewhere: view.elsewhere(candidate.unit, query, candidate.held),
    }));
}

/** The passages of the section starting at `start` that `keep` accepts, in order. */
function membersOf(view: SectionView, start: number, keep: (index: number) => boolean): number[] {
  const members: number[] = [];
  for (let i = start; i < view.units.length && view.sectionStart[i] === start; i++) {
    if (keep(i)) members.push(i);
  }
  return members;
}
