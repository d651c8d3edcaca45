import { CandidateOrder, kthLargest } from './candidate-order';
import { type BuiltIndex, buildIndex, documentOf } from './index-build';
import { characterTerm, HAN, type QueryTerm, queryTerms } from './search-terms';
import { heldShare, holds } from './term-holding';
import { BM25, type Posting, SearchScratch } from './term-postings';
import { similarTerms } from './term-similarity';

export { BM25 };

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

/** A question word this rare in general (word-rarity.ts) names what the question is about. */
const TELLING_WEIGHT = 0.75;

/**
 * A word that names a subject is in a few documents; one that many documents use ("server",
 * "browser") is a common word of the trade and says nothing about which document is meant.
 */
const SUBJECT_DOCUMENTS = 2;

/** The least share of the highest idf a term weighs with in the coverage. */
const COVERAGE_IDF_FLOOR = 0.3;

/** A Chinese word the knowledge does not use, found by all of its characters, counts this much. */
export const PART_FACTOR = 0.6;

/** A one-character Chinese word found inside a longer word counts this much. */
export const CHARACTER_FACTOR = 0.7;

/** The share of a question's weight a stored question may lack and still ask the same (asksAsStored). */
const SAME_QUESTION_EXTRA = 0.25;

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

/** The search first walks this many times `limit` candidates with the highest bounds. */
const FIRST_WALK = 4;

/** How far a candidate's bound is lifted above the rank it bounds, against rounding. */
const BOUND_MARGIN = 1 + 1e-9;

/** What a search knows of the question, worked out once. */
interface Question {
  query: readonly QueryTerm[];
  terms: readonly SearchTerm[];
  postings: readonly (Posting | undefined)[];
  /** Per question term that counts in the coverage: its weight, and the parts it is found by. */
  counted: readonly { term: string; weight: number; parts: string[] | undefined }[];
  totalWeight: number;
  /** The best BM25 the question's content words could reach. */
  maxScore: number;
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
  private readonly postings: BuiltIndex['postings'];
  private readonly lengths: BuiltIndex['lengths'];
  private readonly sectionStart: BuiltIndex['sectionStart'];
  private readonly inSection: BuiltIndex['inSection'];
  private readonly trigrams: BuiltIndex['trigrams'];
  private readonly termOfWord: BuiltIndex['termOfWord'];
  private readonly documentsOf: BuiltIndex['documentsOf'];
  private readonly scratch: SearchScratch;

  constructor(units: readonly KnowledgeUnit[]) {
    this.units = units;
    const built = buildIndex(units);
    this.postings = built.postings;
    this.lengths = built.lengths;
    this.sectionStart = built.sectionStart;
    this.inSection = built.inSection;
    this.trigrams = built.trigrams;
    this.termOfWord = built.termOfWord;
    this.documentsOf = built.documentsOf;
    this.scratch = new SearchScratch(units.length);
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

  /**
   * Whether a stored question (a QA's) asks what the question asks, whatever the order of the
   * words and the typos: each of its content words is one of the question's, as written or
   * misspelt, and the question's own words it lacks weigh at most SAME_QUESTION_EXTRA of the
   * question ("why use zustnad over context" asks "Why zustand over context?").
   */
  asksAsStored(query: readonly QueryTerm[], stored: string): boolean {
    const asked = query.filter((q) => !q.asks && !q.within);
    const storedTerms = queryTerms(stored).filter((q) => !q.asks && !q.within);
    if (!asked.length || !storedTerms.length) return false;
    const matched = new Set<QueryTerm>();
    for (const s of storedTerms) {
      const by = asked.find((q) => q.term === s.term) ?? asked.find((q) => q.latin && this.typoOf(q, s.term));
      if (!by) return false;
      matched.add(by);
    }
    const total = asked.reduce((sum, q) => sum + q.weight, 0);
    const extra = asked.reduce((sum, q) => sum + (matched.has(q) ? 0 : q.weight), 0);
    return extra <= SAME_QUESTION_EXTRA * total;
  }

  /** Whether the question's word, not in the index as written, is a typo of the index's `term`. */
  private typoOf(q: QueryTerm, term: string): boolean {
    if (this.postings.has(q.term)) return false;
    return similarTerms(q.word, this.trigrams).some((word) => this.termOfWord.get(word) === term);
  }

  /** Whether the index holds the term as it is. */
  has(term: string): boolean {
    return this.postings.has(term);
  }

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
   * The `limit` best units for the question's words, best first, among those `admit` accepts, and
   * also the units of `include` (found by meaning: retrieval.ts) scored the same way, whether or
   * not they hold a word of it. A Latin word the index does not hold is searched by the similar
   * terms it holds (term-similarity.ts), at TYPO_FACTOR of its weight.
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
    const partsOf = new Map<string, string[]>();
    for (const q of query) if (q.within) partsOf.set(q.within, [...(partsOf.get(q.within) ?? []), q.term]);
    // Per question term, what the coverage needs, looked up once rather than once per unit.
    const counted = query
      .map((q) => ({ term: q.term, weight: weights.get(q.term) ?? 0, parts: partsOf.get(q.term) }))
      .filter((c) => c.weight > 0);
    const totalWeight = counted.reduce((sum, c) => sum + c.weight, 0);
    if (!maxScore || !totalWeight) return [];
    /** The units given a BM25 by this search, and the sections of those and of `include`. */
    const touched: number[] = [];
    const sections: number[] = [];
    // The coverage weight a search term can give: its question word's, or the longer word's it is
    // a part of ("传感" of "传感器"), counted once per term, so never less than what is held.
    const coverWeight = new Map(counted.map((c) => [c.term, c.weight]));
    const within = new Map(query.map((q) => [q.term, q.within]));
    try {
      // BM25 of every unit holding a word of the question: numbers only, however many units.
      const postings = terms.map((t) => this.postings.get(t.term));
      for (let n = 0; n < terms.length; n++) {
        const t = terms[n] as SearchTerm;
        const posting = postings[n];
        const weight = t.weight * t.factor * this.idf(t.term);
        if (!posting || !(weight > 0)) continue;
        const cover = coverWeight.get(t.of) ?? coverWeight.get(within.get(t.of) ?? '') ?? 0;
        this.scratch.accumulate(posting, weight, cover, touched);
      }
      return this.rankCandidates(
        { query, terms, postings, counted, totalWeight, maxScore },
        { admit, limit, include },
        touched,
        sections,
      );
    } finally {
      this.scratch.clear(touched, sections);
    }
  }

  /**
   * The search's second half: candidates (sections) taken highest bound first, each looked at
   * closely (the question's words it holds, its coverage, its rank) until the next one's bound
   * cannot reach the ranks already kept.
   */
  private rankCandidates(
    question: Question,
    { admit, limit, include }: { admit: (unit: KnowledgeUnit) => boolean; limit: number; include: ReadonlySet<number> },
    touched: readonly number[],
    sections: number[],
  ): ScoredUnit[] {
    const { query, terms, postings, counted, totalWeight, maxScore } = question;
    const { scores, sectionBest, covers, sectionCovers } = this.scratch;
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
    // it misses, so it is at most that BM25 discounted for the words its passages hold no term of:
    // candidates are taken highest bound first and the walk stops once the next one's bound cannot
    // reach the ranks already kept. Only those few are looked at closely; in a large knowledge
    // base, the thousands that hold only its common words never are.
    const sectionOf = (index: number) => (this.inSection[index] ? (this.sectionStart[index] as number) : index);
    const consider = (index: number) => {
      const start = sectionOf(index);
      const held = sectionBest[start] as number;
      sectionCovers[start] = (sectionCovers[start] as number) + (covers[index] as number);
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
    for (let i = 0; i < touched.length; i++) consider(touched[i] as number);
    for (const index of include) consider(index);
    const starts = Int32Array.from(sections);
    const bounds = new Float64Array(sections.length);
    for (let i = 0; i < sections.length; i++) {
      const start = starts[i] as number;
      const coverage = Math.min(1, (sectionCovers[start] as number) / totalWeight);
      // A hair above, so that rounding in a different order never puts a rank above its bound.
      bounds[i] =
        (scores[sectionBest[start] as number] as number) *
        (1 - COVERAGE_IN_RANK + COVERAGE_IN_RANK * coverage) *
        BOUND_MARGIN;
    }
    const kept: (Omit<ScoredUnit, 'elsewhere'> & { included: boolean; start: number })[] = [];
    /** The kept ranks, best first, at most `limit` of them. */
    const topRanks: number[] = [];
    const scoreOf = (start: number) => {
      const bestIndex = sectionBest[start] as number;
      const bestUnit = this.units[bestIndex] as KnowledgeUnit;
      if (!admit(bestUnit)) return;
      const members = this.inSection[bestIndex]
        ? this.membersOf(start, (i) => (scores[i] as number) > 0 || include.has(i))
        : null;
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
      const value = scores[bestIndex] as number;
      const rank = value * (1 - COVERAGE_IN_RANK + COVERAGE_IN_RANK * coverage);
      const unit =
        members === null || members.length < 2
          ? bestUnit
          : { ...bestUnit, text: members.map((i) => (this.units[i] as KnowledgeUnit).text).join('\n\n') };
      const included = (members ?? [bestIndex]).some((i) => include.has(i));
      kept.push({ unit, bm25: value, score: Math.min(1, value / maxScore), coverage, rank, held, included, start });
      const at = topRanks.findIndex((r) => r < rank);
      topRanks.splice(at === -1 ? topRanks.length : at, 0, rank);
      if (topRanks.length > limit) topRanks.pop();
    };
    const walked = new Set<number>();
    /** Walks `members` highest bound first; false once the next bound cannot reach the kept ranks. */
    const walk = (members: Int32Array): boolean => {
      const order = new CandidateOrder(starts, bounds, members);
      for (let candidate = order.next(); candidate !== -1; candidate = order.next()) {
        // Every candidate after this one is behind too: only those found by meaning still count.
        if (topRanks.length >= limit && (bounds[candidate] as number) < (topRanks[limit - 1] as number)) return false;
        walked.add(starts[candidate] as number);
        scoreOf(starts[candidate] as number);
      }
      return true;
    };
    // The few with the highest bounds first, from which the kept ranks rise; then, only if the
    // walk got through them all, those of the rest that can still reach the kept ranks. (One heap
    // of every candidate took a quarter longer on 200,000 units: most never need ordering.)
    const first = kthLargest(bounds, FIRST_WALK * limit);
    const candidates = (keep: (bound: number) => boolean) => {
      const members: number[] = [];
      for (let i = 0; i < bounds.length; i++) if (keep(bounds[i] as number)) members.push(i);
      return Int32Array.from(members);
    };
    if (walk(candidates((bound) => bound >= first))) {
      const bar = topRanks.length >= limit ? (topRanks[limit - 1] as number) : Number.NEGATIVE_INFINITY;
      walk(candidates((bound) => bound < first && bound >= bar));
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
