import { characterTerm, HAN, indexTerms, type QueryTerm } from './search-terms';
import { heldShare, holds } from './term-holding';
import { similarTerms, TermTrigrams } from './term-similarity';

/**
 * One customer's knowledge as the agent searches it (issue 32): every live QA and every passage
 * of every live fragment, in one BM25 index, so a QA and a document passage are ranked on the same
 * scale. Built in memory from the database and rebuilt when the customer's knowledge revision
 * moves (index-cache.ts).
 */

export type UnitKind = 'qa' | 'fragment';

/** One searchable unit: a QA, or a passage (a heading's section) of a fragment. */
export interface KnowledgeUnit {
  kind: UnitKind;
  /** The QA id, or the fragment id (a fragment may give several passages). */
  id: number;
  fileId: number | null;
  fileName: string | null;
  folderId: number | null;
  /** The QA's question, or the heading the passage sits under (context, never quoted). */
  title: string | null;
  /** The QA's answer, or the passage's text. */
  text: string;
}

/**
 * BM25 parameters. Titles (a QA's question, a passage's heading) say what a unit is about, so
 * their words count more than the words of the text.
 */
export const BM25 = { k1: 1.2, b: 0.75, titleBoost: { qa: 2, fragment: 1.5 }, textBoost: 1 } as const;

/** A question word this rare in general (word-rarity.ts) names what the question is about. */
const TELLING_WEIGHT = 0.75;

/**
 * A word that names a subject is in a few documents; one that many documents use ("server",
 * "browser") is a common word of the trade and says nothing about which document is meant.
 */
const SUBJECT_DOCUMENTS = 2;

/** The document a unit belongs to; the QA added by hand are one list, as a document's are. */
function documentOf(unit: KnowledgeUnit): string {
  return unit.fileId === null ? 'qa' : `file:${unit.fileId}`;
}

/** The least share of the highest idf a term weighs with in the coverage. */
const COVERAGE_IDF_FLOOR = 0.3;

/** A Chinese word the knowledge does not use, found by all of its characters, counts this much. */
export const PART_FACTOR = 0.6;

/** A one-character Chinese word found inside a longer word counts this much. */
export const CHARACTER_FACTOR = 0.7;

/** A misspelt word found as a similar term counts this much of a word found as written. */
export const TYPO_FACTOR = 0.8;

export interface ScoredUnit {
  unit: KnowledgeUnit;
  /** The BM25 score over the question's weighted terms. */
  bm25: number;
  /** 0–1: BM25 normalised by the best score the question could reach (every term saturated). */
  score: number;
  /** 0–1: share of the question's idf-weighted terms the unit holds. */
  coverage: number;
  /** What candidates are ranked by: BM25, discounted for the share of the question the unit misses. */
  rank: number;
  /**
   * The question's telling words the unit lacks that the knowledge holds only in other documents:
   * the question is about something else ("the LTS schedule of pino" against Fastify's schedule).
   */
  elsewhere: string[];
  /** Per question term the unit holds, the factor it was found with (1 as written, less as a typo or in part). */
  held: ReadonlyMap<string, number>;
}

/**
 * BM25 adds up the words a unit holds, so a unit that repeats two of the question's words can
 * outrank one that holds all of them once; ranking by BM25 times this floor plus the coverage
 * puts the unit that answers the whole question first.
 */
export const COVERAGE_IN_RANK = 0.6;

interface Posting {
  units: number[];
  /** Boosted term frequency in each unit of `units`. */
  tf: number[];
}

/** A search term of a question: a term of the index, or a similar one standing for a misspelt word. */
interface SearchTerm {
  term: string;
  /** The question's term this one stands for. */
  of: string;
  weight: number;
  factor: number;
  /** One of several parts (the characters of a Chinese word): the parts found add up. */
  part: boolean;
}

export class KnowledgeIndex {
  readonly units: readonly KnowledgeUnit[];
  private readonly postings = new Map<string, Posting>();
  private readonly lengths: Float64Array;
  /** Per unit, the first unit of its section: the passages of one heading's section, in a row. */
  private readonly sectionStart: Int32Array;
  /** Per unit, whether its section has other passages (1) or is the unit alone (0). */
  private readonly inSection: Uint8Array;
  private readonly averageLength: Record<UnitKind, number> = { qa: 1, fragment: 1 };
  /** Latin words as the knowledge writes them, by trigram, and the term each stands for. */
  private readonly trigrams = new TermTrigrams();
  private readonly termOfWord = new Map<string, string>();
  /** The documents (the QA added by hand count as one) holding each term. */
  private readonly documentsOf = new Map<string, Set<string>>();

  constructor(units: readonly KnowledgeUnit[]) {
    this.units = units;
    this.lengths = new Float64Array(units.length);
    this.sectionStart = new Int32Array(units.length);
    this.inSection = new Uint8Array(units.length);
    units.forEach((unit, index) => {
      const before = units[index - 1];
      const continues =
        unit.kind === 'fragment' &&
        unit.title !== null &&
        before?.kind === 'fragment' &&
        before.fileId === unit.fileId &&
        before.title === unit.title;
      this.sectionStart[index] = continues ? (this.sectionStart[index - 1] as number) : index;
      if (continues) {
        this.inSection[index] = 1;
        this.inSection[index - 1] = 1;
      }
    });
    const totals: Record<UnitKind, { length: number; count: number }> = {
      qa: { length: 0, count: 0 },
      fragment: { length: 0, count: 0 },
    };
    units.forEach((unit, index) => {
      const counts = new Map<string, number>();
      const heard = (word: string, term: string) => {
        if (this.termOfWord.has(word) || !/^[\p{L}\p{N}]+$/u.test(word) || HAN.test(word)) return;
        this.termOfWord.set(word, term);
        this.trigrams.add(word);
      };
      const add = (terms: string[], boost: number) => {
        for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + boost);
        return terms.length * boost;
      };
      const length =
        add(unit.title ? indexTerms(unit.title, heard) : [], BM25.titleBoost[unit.kind]) +
        add(indexTerms(unit.text, heard), BM25.textBoost);
      this.lengths[index] = length;
      totals[unit.kind].length += length;
      totals[unit.kind].count++;
      const document = documentOf(unit);
      for (const term of counts.keys()) {
        const documents = this.documentsOf.get(term) ?? new Set<string>();
        documents.add(document);
        this.documentsOf.set(term, documents);
      }
      for (const [term, tf] of counts) {
        let posting = this.postings.get(term);
        if (!posting) {
          posting = { units: [], tf: [] };
          this.postings.set(term, posting);
        }
        posting.units.push(index);
        posting.tf.push(tf);
      }
    });
    for (const kind of ['qa', 'fragment'] as const) {
      const { length, count } = totals[kind];
      if (count) this.averageLength[kind] = Math.max(1, length / count);
    }
  }

  /** Robertson–Spärck Jones idf, always positive; a term no unit holds gets the highest value. */
  idf(term: string): number {
    const df = this.postings.get(term)?.units.length ?? 0;
    const n = this.units.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * The idf a term weighs with in the coverage: a share of the highest idf, kept from falling to
   * nothing, because in a small knowledge base every word it holds has a low idf and the words it
   * lacks would outweigh the ones it has whatever they are. Question words ("how", "哪") say how
   * the question asks, not what about, and do not count.
   */
  private coverageIdf(term: string): number {
    const highest = Math.log(1 + (this.units.length + 0.5) / 0.5);
    return COVERAGE_IDF_FLOOR + ((1 - COVERAGE_IDF_FLOOR) * this.idf(term)) / highest;
  }

  /**
   * What each of the question's words weighs in the coverage: its rarity times its idf here.
   * Question words, and the parts of a longer Chinese word (counted through that word), weigh 0.
   */
  coverageWeights(query: readonly QueryTerm[]): Map<string, number> {
    return new Map(query.map((q) => [q.term, q.asks || q.within ? 0 : q.weight * this.coverageIdf(q.term)]));
  }

  /** The question's telling words `unit` lacks that only other documents hold (see ScoredUnit). */
  private elsewhere(
    unit: KnowledgeUnit,
    query: readonly QueryTerm[],
    found: ReadonlyMap<string, number> | undefined,
  ): string[] {
    const document = documentOf(unit);
    return query
      .filter((q) => !q.asks && !q.within && q.weight >= TELLING_WEIGHT && !found?.has(q.term))
      .filter((q) => {
        const documents = this.documentsOf.get(q.term);
        return documents !== undefined && documents.size <= SUBJECT_DOCUMENTS && !documents.has(document);
      })
      .map((q) => q.word);
  }

  /** Whether the index holds the term as it is. */
  has(term: string): boolean {
    return this.postings.has(term);
  }

  /**
   * The units holding any of the question's terms, best first, among those `admit` accepts.
   * A Latin word the index does not hold is searched by the similar terms it holds
   * (term-similarity.ts), at TYPO_FACTOR of its weight.
   */
  /**
   * The units of a QA or fragment row (`qa:<id>`, `fragment:<id>`): the first one, where the row's
   * text begins; undefined when the row is not searchable (switched off, in the recycle bin).
   */
  unitOf(key: string): number | undefined {
    if (!this.firstUnits) {
      this.firstUnits = new Map();
      this.units.forEach((unit, index) => {
        const rowKey = `${unit.kind}:${unit.id}`;
        if (!this.firstUnits?.has(rowKey)) this.firstUnits?.set(rowKey, index);
      });
    }
    return this.firstUnits.get(key);
  }

  private firstUnits: Map<string, number> | undefined;

  /**
   * The `limit` best units for the question's words, and also the units of `include` (found by
   * meaning: retrieval.ts) scored the same way, whether or not they hold a word of it.
   */
  search(
    query: readonly QueryTerm[],
    admit: (unit: KnowledgeUnit) => boolean,
    limit: number,
    include: ReadonlySet<number> = new Set(),
  ): ScoredUnit[] {
    const terms = this.searchTerms(query);
    // The best score the question's content words could reach; question words may add to a
    // unit's score but are not asked of it.
    const maxScore = query.reduce((sum, q) => sum + (q.asks ? 0 : q.weight * this.idf(q.term)), 0) * (BM25.k1 + 1);
    // A part of a longer word of the question ("单元" of "单元格") is counted through that word.
    const weights = this.coverageWeights(query);
    const coverageWeights = query.map((q) => weights.get(q.term) ?? 0);
    const partsOf = new Map<string, string[]>();
    for (const q of query) if (q.within) partsOf.set(q.within, [...(partsOf.get(q.within) ?? []), q.term]);
    const totalWeight = coverageWeights.reduce((sum, w) => sum + w, 0);
    if (!maxScore || !totalWeight) return [];
    // BM25 of every unit holding a word of the question: numbers only, however many units.
    const bm25 = new Map<number, number>();
    const postings = terms.map((t) => this.postings.get(t.term));
    terms.forEach((t, n) => {
      const posting = postings[n];
      if (!posting) return;
      const idf = this.idf(t.term);
      for (let i = 0; i < posting.units.length; i++) {
        const index = posting.units[i] as number;
        const unit = this.units[index] as KnowledgeUnit;
        const tf = posting.tf[i] as number;
        const norm = 1 - BM25.b + (BM25.b * (this.lengths[index] as number)) / this.averageLength[unit.kind];
        const part = (t.weight * t.factor * idf * (tf * (BM25.k1 + 1))) / (tf + BM25.k1 * norm);
        bm25.set(index, (bm25.get(index) ?? 0) + part);
      }
    });
    // Per question term, what the coverage needs, looked up once rather than once per unit.
    const counted = query
      .map((q, i) => ({ term: q.term, weight: coverageWeights[i] as number, parts: partsOf.get(q.term) }))
      .filter((c) => c.weight > 0);
    /** The question's terms a unit holds, each with the best factor it was found with. */
    const heldBy = (index: number, into: Map<string, number>) => {
      terms.forEach((t, n) => {
        const units = postings[n]?.units;
        if (!units || !holds(units, index)) return;
        const before = into.get(t.of) ?? 0;
        into.set(t.of, t.part ? Math.min(1, before + t.factor) : Math.max(before, t.factor));
      });
    };

    // The passages of one section are one candidate: the best passage ranks it, and it covers
    // what any of its passages holds, so a question whose words fall in two passages of the
    // section that answers it is covered as a whole, and the quote may come from either. Most
    // sections are one passage. A candidate's rank is its best passage's BM25 discounted for what
    // it misses, never more, so candidates are taken best BM25 first and the walk stops once the
    // next one's BM25 cannot reach the ranks already kept: only those few are looked at closely.
    const best = new Map<number, number>();
    for (const index of [...bm25.keys(), ...include]) {
      const start = this.inSection[index] ? (this.sectionStart[index] as number) : index;
      const held = best.get(start);
      const value = bm25.get(index) ?? 0;
      const heldValue = held === undefined ? -1 : (bm25.get(held) ?? 0);
      // The best passage; of equals, the first.
      if (held === undefined || value > heldValue || (value === heldValue && index < held)) best.set(start, index);
    }
    const order = [...best].sort(
      ([startA, a], [startB, b]) => (bm25.get(b) ?? 0) - (bm25.get(a) ?? 0) || startA - startB,
    );
    const kept: (Omit<ScoredUnit, 'elsewhere'> & { included: boolean; start: number })[] = [];
    const scoreOf = (start: number, bestIndex: number) => {
      const bestUnit = this.units[bestIndex] as KnowledgeUnit;
      if (!admit(bestUnit)) return;
      const members = this.inSection[bestIndex] ? this.membersOf(start, (i) => bm25.has(i) || include.has(i)) : null;
      // Parts of a word add up within a passage; across passages the section holds the best.
      const held = new Map<string, number>();
      for (const index of members ?? [bestIndex]) {
        const own = new Map<string, number>();
        heldBy(index, own);
        for (const [term, factor] of own) held.set(term, Math.max(held.get(term) ?? 0, factor));
      }
      let covered = 0;
      for (const c of counted) {
        covered += c.weight * (c.parts ? heldShare(c.term, c.parts, held) : (held.get(c.term) ?? 0));
      }
      const coverage = covered / totalWeight;
      const value = bm25.get(bestIndex) ?? 0;
      const rank = value * (1 - COVERAGE_IN_RANK + COVERAGE_IN_RANK * coverage);
      const unit =
        members === null || members.length < 2
          ? bestUnit
          : { ...bestUnit, text: members.map((i) => (this.units[i] as KnowledgeUnit).text).join('\n\n') };
      const included = (members ?? [bestIndex]).some((i) => include.has(i));
      kept.push({ unit, bm25: value, score: Math.min(1, value / maxScore), coverage, rank, held, included, start });
    };
    /** The `limit`-th best rank kept so far (0 while fewer are kept). */
    const bar = () => {
      if (kept.length < limit) return 0;
      return kept.map((c) => c.rank).sort((x, y) => y - x)[limit - 1] as number;
    };
    const later: [number, number][] = [];
    for (const [start, bestIndex] of order) {
      if (kept.length >= limit && (bm25.get(bestIndex) ?? 0) < bar()) {
        // Every candidate after this one is behind too: only those found by meaning still count.
        if (!include.size) break;
        later.push([start, bestIndex]);
        continue;
      }
      scoreOf(start, bestIndex);
    }
    // Candidates found by meaning are returned whatever their rank by words.
    for (const [start, bestIndex] of later) {
      if (this.membersOf(start, (i) => include.has(i)).length || include.has(bestIndex)) scoreOf(start, bestIndex);
    }
    return kept
      .sort((a, b) => b.rank - a.rank || a.start - b.start)
      .filter((candidate, i) => i < limit || candidate.included)
      .map(({ included: _, start: __, ...candidate }) => ({
        ...candidate,
        elsewhere: this.elsewhere(candidate.unit, query, candidate.held),
      }));
  }

  /** The passages of the section starting at `start` that `keep` accepts, in order. */
  private membersOf(start: number, keep: (index: number) => boolean): number[] {
    const members: number[] = [];
    for (let i = start; i < this.units.length && this.sectionStart[i] === start; i++) {
      if (keep(i)) members.push(i);
    }
    return members;
  }

  private searchTerms(query: readonly QueryTerm[]): SearchTerm[] {
    const out: SearchTerm[] = [];
    for (const q of query) {
      // A Chinese word of one character is often a longer word said short ("删" for "删除",
      // "装" for "安装"): it is found inside longer words too, for a little less.
      if (q.term.length === 1 && HAN.test(q.term)) {
        out.push({ term: characterTerm(q.term), of: q.term, weight: q.weight, factor: CHARACTER_FACTOR, part: false });
      }
      if (this.postings.has(q.term)) {
        out.push({ term: q.term, of: q.term, weight: q.weight, factor: 1, part: false });
      } else if (q.latin) {
        // Compared as written: a misspelt word stems apart from the word it misspells.
        const similar = new Set(similarTerms(q.word, this.trigrams).map((word) => this.termOfWord.get(word)));
        for (const term of similar) {
          if (term) out.push({ term, of: q.term, weight: q.weight, factor: TYPO_FACTOR, part: false });
        }
      } else if (HAN.test(q.term) && q.term.length > 1) {
        const chars = [...new Set(q.term)];
        for (const char of chars) {
          out.push({
            term: characterTerm(char),
            of: q.term,
            weight: q.weight,
            factor: PART_FACTOR / chars.length,
            part: true,
          });
        }
      }
    }
    return out;
  }
}
