import type { QueryTerm } from './search-terms';
import { heldShare, holds } from './term-holding';
import { type Posting, termBit } from './term-postings';

/**
 * What a search of the knowledge index (knowledge-index.ts) knows of its question, and the share
 * of the question a unit covers: from the terms it holds, or, for a bound, from its mask.
 */

/** A search term of a question: a term of the index, or a similar one standing for a misspelt word. */
export interface SearchTerm {
  term: string;
  /** The question's term this one stands for. */
  of: string;
  weight: number;
  factor: number;
  /** One of several parts (the characters of a Chinese word): the parts found add up. */
  part: boolean;
}

/** What a search knows of the question, worked out once. */
export interface Question {
  query: readonly QueryTerm[];
  terms: readonly SearchTerm[];
  postings: readonly (Posting | undefined)[];
  /** The bits of the terms the search sets in the units' masks (term-postings.ts). */
  masked: number;
  /** Per question term that counts in the coverage: its weight, and the parts it is found by. */
  counted: readonly { term: string; weight: number; parts: string[] | undefined }[];
  totalWeight: number;
  /** The best BM25 the question's content words could reach. */
  maxScore: number;
}

/** The coverage of one question's words (0–1), by the question's terms a unit holds. */
export class QuestionCoverage {
  private readonly ofMasks = new Map<number, number>();

  constructor(private readonly question: Question) {}

  /** The question's terms unit `index` holds, each with the best factor it was found with. */
  heldBy(index: number, into: Map<string, number>): void {
    const { terms, postings } = this.question;
    for (let n = 0; n < terms.length; n++) {
      const units = postings[n]?.units;
      if (units && holds(units, index)) this.hold(n, into);
    }
  }

  /** The share of the question's weight that the terms `held` cover. */
  of(held: ReadonlyMap<string, number>): number {
    const { counted, totalWeight } = this.question;
    let covered = 0;
    for (const c of counted) {
      covered += c.weight * (c.parts ? heldShare(c.term, c.parts, held) : (held.get(c.term) ?? 0));
    }
    return covered / totalWeight;
  }

  /**
   * The most a unit (or a section) whose passages hold the terms of `mask` can cover, taking the
   * terms the mask cannot tell as held: at least the coverage of any one of its passages, as the
   * coverage only grows with the terms held, and the very same number for a unit alone. Units
   * share a few masks, so each is worked out once.
   */
  ofMask(mask: number): number {
    let coverage = this.ofMasks.get(mask);
    if (coverage === undefined) {
      const { terms, postings, masked } = this.question;
      const held = new Map<string, number>();
      for (let n = 0; n < terms.length; n++) {
        const bit = termBit(n) & masked;
        if (postings[n] && (bit === 0 || (mask & bit) !== 0)) this.hold(n, held);
      }
      coverage = this.of(held);
      this.ofMasks.set(mask, coverage);
    }
    return coverage;
  }

  /** Adds search term n to the question's terms `into` holds, with the best factor it was found with. */
  hold(n: number, into: Map<string, number>): void {
    const t = this.question.terms[n] as SearchTerm;
    const before = into.get(t.of) ?? 0;
    into.set(t.of, t.part ? Math.min(1, before + t.factor) : Math.max(before, t.factor));
  }
}
