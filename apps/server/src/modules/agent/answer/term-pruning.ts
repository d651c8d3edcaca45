import { BOUND_MARGIN } from './candidate-ranking';
import type { Posting } from './term-postings';

/**
 * Pruning a search of a large knowledge base (issue 38: an answer's cost must not grow with the
 * knowledge), after MaxScore (Turtle and Flood, 1995). In 100,000 QA the common words of a
 * question ("model", "service", "how") are held by tens of thousands of units, and scoring them
 * all is most of an answer's time, though a unit holding only those words can never be among the
 * best. So the question's terms are split: the rarer ones are searched in full, the common ones
 * only in the units the rarer ones found. A unit holding common terms only scores at most the sum
 * of what each common term can give one unit, and ranks at most that discounted for the share of
 * the question the common terms leave uncovered; when the last of the best candidates found ranks
 * above it, the result is exactly the full search's, and otherwise the full search runs. How many
 * terms may be left common is known before the search from a floor under that last rank
 * (rank-floor.ts), a few units scored exactly: a question whose rarer terms are held by tens of
 * thousands of units too leaves those to the units of its rarest ones.
 */

/** Knowledge bases smaller than this are searched in full: they are fast, and nothing is risked. */
export const PRUNE_FROM_UNITS = 5_000;

/** A term held by fewer units than this costs little and is always searched in full. */
const MIN_PRUNED_POSTING = 1_000;

/** The common terms together may give a unit at most this share of what all the terms can give. */
const PRUNED_SHARE = 0.2;

/** One search term as the search adds it up: its units, and its weight in the BM25. */
export interface SearchPart {
  posting: Posting | undefined;
  weight: number;
}

/** Whether a search term is added up: the index holds it, and it weighs something. */
export const usable = (part: SearchPart): part is SearchPart & { posting: Posting } =>
  part.posting !== undefined && part.weight > 0;

export interface Pruning {
  /** The positions of the common terms among the search's parts. */
  common: ReadonlySet<number>;
  /** The most a unit holding common terms only can rank. */
  most: number;
}

/** What the pruning asks of the search's ranking. */
export interface PruningRanks {
  /** The most a unit holding the terms of `common` only can rank, when they give it at most `bm25`. */
  most(common: ReadonlySet<number>, bm25: number): number;
  /** A floor under the rank of the search's last kept candidate (rank-floor.ts), or -Infinity. */
  floor(): number;
}

/**
 * Which terms a search may leave to the units found by the others, or null to search them all:
 * the commonest, for as long as a unit holding them only ranks below the floor under the last
 * kept rank (the pruned search is then the full one), or they can give at most PRUNED_SHARE of
 * what all the terms can (it likely is, and the search checks afterwards).
 */
export function pruningOf(parts: readonly SearchPart[], units: number, ranks: PruningRanks): Pruning | null {
  if (units < PRUNE_FROM_UNITS) return null;
  const most = parts.map((p) => (usable(p) ? p.weight * p.posting.best : 0));
  const total = most.reduce((sum, m) => sum + m, 0);
  const order = most
    .map((m, n) => ({ m, n }))
    .filter(({ m }) => m > 0)
    .sort((a, b) => a.m - b.m);
  // The floor costs a few units scored exactly: worked out only once the share is passed.
  let floor: number | undefined;
  let common = new Set<number>();
  let bound = 0;
  let rank = 0;
  for (const { m, n } of order) {
    if ((parts[n]?.posting?.units.length ?? 0) < MIN_PRUNED_POSTING) continue;
    const next = new Set(common).add(n);
    const nextRank = ranks.most(next, bound + m);
    // Within the share the pruned search is likely the full one; below the floor it is sure to be.
    if (bound + m > PRUNED_SHARE * total) {
      floor ??= ranks.floor();
      if (!(nextRank * BOUND_MARGIN < floor)) break;
    }
    common = next;
    bound += m;
    rank = nextRank;
  }
  return common.size ? { common, most: rank } : null;
}
