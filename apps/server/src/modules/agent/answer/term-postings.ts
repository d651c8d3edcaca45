/**
 * The knowledge index's postings (knowledge-index.ts): per term, the units holding it and their
 * BM25 term weights, and the search's inner loop over them.
 */

/**
 * BM25 parameters. Titles (a QA's question, a passage's heading) say what a unit is about, so
 * their words count more than the words of the text.
 */
export const BM25 = { k1: 1.2, b: 0.75, titleBoost: { qa: 2, fragment: 1.5 }, textBoost: 1 } as const;

/**
 * The units holding a term, ascending, and the two halves of each one's BM25 term weight, worked
 * out once when the index is built: an answer only multiplies and divides.
 */
export interface Posting {
  units: Int32Array;
  /** The boosted term frequency tf times (k1 + 1). */
  gain: Float64Array;
  /** tf + k1 times the unit's length norm. */
  damping: Float64Array;
  /** The highest gain ÷ damping of its units: the most one unit can take from the term, per weight. */
  best: number;
}

/** A term's units (ascending) and boosted term frequency in each, as the index collects them. */
export interface CollectedPosting {
  units: number[];
  tf: number[];
}

/** The posting of a collected term; `norm(unit)` is the unit's BM25 length norm. */
export function finishPosting({ units, tf }: CollectedPosting, norm: (unit: number) => number): Posting {
  const gain = new Float64Array(units.length);
  const damping = new Float64Array(units.length);
  let best = 0;
  for (let i = 0; i < units.length; i++) {
    const f = tf[i] as number;
    gain[i] = f * (BM25.k1 + 1);
    damping[i] = f + BM25.k1 * norm(units[i] as number);
    best = Math.max(best, (gain[i] as number) / (damping[i] as number));
  }
  return { units: Int32Array.from(units), gain, damping, best };
}

/**
 * A search's working memory, one slot per unit, zero (and -1) between searches: each unit's BM25
 * and the most coverage weight its words could give (the sum of the weights of the question's
 * words it holds a term of), and per section its best passage and the sum of its passages'
 * coverage weights. A search runs start to end without awaiting, so one serves every search of an
 * index; `clear` gives it back as it was.
 */
export class SearchScratch {
  readonly scores: Float64Array;
  readonly covers: Float64Array;
  readonly sectionBest: Int32Array;
  readonly sectionCovers: Float64Array;
  /** The units a pruned search scores (1): those holding one of its rarer terms. */
  readonly known: Uint8Array;

  constructor(units: number) {
    this.scores = new Float64Array(units);
    this.covers = new Float64Array(units);
    this.known = new Uint8Array(units);
    this.sectionBest = new Int32Array(units).fill(-1);
    this.sectionCovers = new Float64Array(units);
  }

  /**
   * Adds one term's BM25 part and coverage weight to every unit holding it, noting the units first
   * met in `touched`: the search's inner loop, a plain loop over typed arrays.
   */
  accumulate({ units, gain, damping }: Posting, weight: number, cover: number, touched: number[]): void {
    const { scores, covers } = this;
    for (let i = 0; i < units.length; i++) {
      const index = units[i] as number;
      const before = scores[index] as number;
      if (before === 0) touched.push(index);
      scores[index] = before + (weight * (gain[i] as number)) / (damping[i] as number);
      covers[index] = (covers[index] as number) + cover;
    }
  }

  /**
   * As `accumulate`, for a common term of a pruned search (knowledge-index.ts): only the units
   * `known` or `inSection` (1) take it; the units holding common terms only are never met.
   */
  accumulateKnown(
    { units, gain, damping }: Posting,
    weight: number,
    cover: number,
    touched: number[],
    inSection: Uint8Array,
  ): void {
    const { scores, covers, known } = this;
    for (let i = 0; i < units.length; i++) {
      const index = units[i] as number;
      if (!known[index] && !inSection[index]) continue;
      const before = scores[index] as number;
      if (before === 0) touched.push(index);
      scores[index] = before + (weight * (gain[i] as number)) / (damping[i] as number);
      covers[index] = (covers[index] as number) + cover;
    }
  }

  /** Marks the units of a posting `known`. */
  know({ units }: Posting): void {
    const { known } = this;
    for (let i = 0; i < units.length; i++) known[units[i] as number] = 1;
  }

  /** Empties the slots a search used: its units, and its sections. */
  clear(touched: readonly number[], sections: readonly number[]): void {
    for (const index of touched) {
      this.scores[index] = 0;
      this.covers[index] = 0;
      this.known[index] = 0;
    }
    for (const start of sections) {
      this.sectionBest[start] = -1;
      this.sectionCovers[start] = 0;
    }
  }
}
