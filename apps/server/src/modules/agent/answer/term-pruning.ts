import type { Posting } from './term-postings';

/**
 * Pruning a search of a large knowledge base (issue 38: an answer's cost must not grow with the
 * knowledge), after MaxScore (Turtle and Flood, 1995). In 100,000 QA the common words of a
 * question ("model", "service", "how") are held by tens of thousands of units, and scoring them
 * all is most of an answer's time, though a unit holding only those words can never be among the
 * best. So the question's terms are split: the rarer ones are searched in full, the common ones
 * only in the units the rarer ones found. A unit holding common terms only scores at most the sum
 * of what each common term can give one unit (`bound`); when the last of the best candidates found
 * ranks above it, the result is exactly the full search's, and otherwise the full search runs.
 */

/** Knowledge bases smaller than this are searched in full: they are fast, and nothing is risked. */
export const PRUNE_FROM_UNITS = 5_000;

/** A term held by fewer units than this costs little and is always searched in full. */
const MIN_PRUNED_POSTING = 1_000;

/** The common terms together may give a unit at most this share of what all the terms can give. */
const PRUNED_SHARE = 0.2;

/** One search term as the search adds it up: its units, and its weight in the BM25 and the coverage. */
export interface SearchPart {
  posting: Posting | undefined;
  weight: number;
  cover: number;
}

export interface Pruning {
  /** The positions of the common terms among the search's parts. */
  common: ReadonlySet<number>;
  /** The most a unit holding common terms only can score. */
  bound: number;
}

/** Which terms a search may leave to the units found by the others, or null to search them all. */
export function pruningOf(parts: readonly SearchPart[], units: number): Pruning | null {
  if (units < PRUNE_FROM_UNITS) return null;
  const most = parts.map((p) => (p.posting && p.weight > 0 ? p.weight * p.posting.best : 0));
  const total = most.reduce((sum, m) => sum + m, 0);
  const order = most
    .map((m, n) => ({ m, n }))
    .filter(({ m }) => m > 0)
    .sort((a, b) => a.m - b.m);
  const common = new Set<number>();
  let bound = 0;
  for (const { m, n } of order) {
    if ((parts[n]?.posting?.units.length ?? 0) < MIN_PRUNED_POSTING) continue;
    if (bound + m > PRUNED_SHARE * total) break;
    common.add(n);
    bound += m;
  }
  return common.size ? { common, bound } : null;
}
