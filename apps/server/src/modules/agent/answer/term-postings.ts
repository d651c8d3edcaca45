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
 * The units holding a term, ascending, and each one's BM25 term weight, worked out once when the
 * index is built: an answer only multiplies and adds.
 */
export interface Posting {
  units: Int32Array;
  /** The boosted term frequency tf times (k1 + 1), over tf plus k1 times the unit's length norm. */
  impact: Float64Array;
  /** The highest impact of its units: the most one unit can take from the term, per weight. */
  best: number;
}

/** A term's units (ascending) and boosted term frequency in each, as the index collects them. */
export interface CollectedPosting {
  units: number[];
  tf: number[];
}

/** The posting of a collected term; `norm(unit)` is the unit's BM25 length norm. */
export function finishPosting({ units, tf }: CollectedPosting, norm: (unit: number) => number): Posting {
  const impact = new Float64Array(units.length);
  let best = 0;
  for (let i = 0; i < units.length; i++) {
    const f = tf[i] as number;
    impact[i] = (f * (BM25.k1 + 1)) / (f + BM25.k1 * norm(units[i] as number));
    best = Math.max(best, impact[i] as number);
  }
  return { units: Int32Array.from(units), impact, best };
}

/** The search terms a unit's mask tells apart; the terms after them are taken as held by all. */
export const MASK_TERMS = 32;

/** Term n's bit in a unit's mask, or 0 past MASK_TERMS. */
export const termBit = (n: number): number => (n < MASK_TERMS ? (1 << n) >>> 0 : 0);

/** A search that touched more than one unit in this many clears the whole of its working memory. */
const WHOLE_CLEAR = 16;

/**
 * A search's working memory, one slot per unit, zero (and -1) between searches: each unit's BM25
 * and which of the search's terms it holds (bit n for term n, of the first MASK_TERMS), and per
 * section its best passage and the terms any of its passages holds. A search runs start to end
 * without awaiting, so one serves every search of an index; `clear` gives it back as it was.
 */
export class SearchScratch {
  readonly scores: Float64Array;
  readonly masks: Uint32Array;
  readonly sectionBest: Int32Array;
  readonly sectionMasks: Uint32Array;
  /**
   * The units a pruned search adds its common terms to (1): those holding one of its rarer terms,
   * and always those whose section has other passages (`inSection`), as a section is scored whole.
   */
  readonly reached: Uint8Array;

  constructor(private readonly inSection: Uint8Array) {
    const units = inSection.length;
    this.scores = new Float64Array(units);
    this.masks = new Uint32Array(units);
    this.reached = Uint8Array.from(inSection);
    this.sectionBest = new Int32Array(units).fill(-1);
    this.sectionMasks = new Uint32Array(units);
  }

  /**
   * Adds one term's BM25 part to every unit holding it and sets its `bit` in their masks, noting
   * the units first met in `touched`: the search's inner loop, a plain loop over typed arrays.
   */
  accumulate({ units, impact }: Posting, weight: number, bit: number, touched: number[]): void {
    const { scores, masks } = this;
    for (let i = 0; i < units.length; i++) {
      const index = units[i] as number;
      const before = scores[index] as number;
      if (before === 0) touched.push(index);
      scores[index] = before + weight * (impact[i] as number);
      masks[index] = (masks[index] as number) | bit;
    }
  }

  /**
   * As `accumulate`, for a common term of a pruned search (knowledge-index.ts): only the units
   * `reached` take it; the units holding common terms only are never met.
   */
  accumulateReached({ units, impact }: Posting, weight: number, bit: number, touched: number[]): void {
    const { scores, masks, reached } = this;
    for (let i = 0; i < units.length; i++) {
      const index = units[i] as number;
      if (!reached[index]) continue;
      const before = scores[index] as number;
      if (before === 0) touched.push(index);
      scores[index] = before + weight * (impact[i] as number);
      masks[index] = (masks[index] as number) | bit;
    }
  }

  /** Marks the units of a posting `reached`. */
  reach({ units }: Posting): void {
    const { reached } = this;
    for (let i = 0; i < units.length; i++) reached[units[i] as number] = 1;
  }

  /** Empties the slots a search used: its units, and its sections. */
  clear(touched: readonly number[], sections: readonly number[]): void {
    if (touched.length > this.scores.length / WHOLE_CLEAR) {
      // Past a share of the units, writing every slot in order beats visiting the touched ones.
      this.scores.fill(0);
      this.masks.fill(0);
      this.reached.set(this.inSection);
    } else {
      for (const index of touched) {
        this.scores[index] = 0;
        this.masks[index] = 0;
        this.reached[index] = this.inSection[index] as number;
      }
    }
    for (const start of sections) {
      this.sectionBest[start] = -1;
      this.sectionMasks[start] = 0;
    }
  }
}
