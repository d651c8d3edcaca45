import { ANSWER_KINDS, askedKinds, isAnswerKind } from './answer-kinds';
import { BOUND_MARGIN, type RankOptions, rankCandidates, rankOf, type SectionView } from './candidate-ranking';
import { type BuiltIndex, buildIndex, documentOf } from './index-build';
import { type Question, QuestionCoverage, type SearchTerm } from './question-coverage';
import { rankFloor } from './rank-floor';
import {
  characterTerm,
  HAN,
  isContent,
  misspeltFunctionWord,
  QUESTION_WORD_WEIGHT,
  type QueryTerm,
  queryTerms,
} from './search-terms';
import { serviceWordsOf } from './service-words';
import { BM25, SearchScratch, termBit } from './term-postings';
import { type Pruning, pruningOf, type SearchPart, usable } from './term-pruning';
import { similarTerms } from './term-similarity';
import { knownEnglish, wordRarity } from './word-rarity';

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

/** The terms the word tables look up (word-rarity.ts): English stems, and Chinese words. */
const ENGLISH_WORD = /^[a-z]+$/;
const CHINESE_WORD = /^\p{Script=Han}+$/u;

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

/** Per kind of value, the terms of the nouns that name it (AnswerKind.nouns, asksKindAsStored). */
const KIND_NOUNS = new Map(ANSWER_KINDS.map((kind) => [kind.term, new Set(queryTerms(kind.nouns).map((t) => t.term))]));

/** A misspelt word found as a similar term counts this much of a word found as written. */
export const TYPO_FACTOR = 0.8;
/** What a unit holding another word of a question word's customer-service group (service-words.ts) counts for it. */
export const SERVICE_WORD_FACTOR = 0.7;

/** Words whose similar terms an index remembers before it starts again. */
const MEANT_REMEMBERED = 1_000;

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

  /** Whether a large knowledge base's search may be pruned (term-pruning.ts); tests compare both. */
  private readonly prune: boolean;

  constructor(units: readonly KnowledgeUnit[], { prune = true }: { prune?: boolean } = {}) {
    this.units = units;
    this.prune = prune;
    const built = buildIndex(units);
    this.postings = built.postings;
    this.lengths = built.lengths;
    this.sectionStart = built.sectionStart;
    this.inSection = built.inSection;
    this.trigrams = built.trigrams;
    this.termOfWord = built.termOfWord;
    this.documentsOf = built.documentsOf;
    this.scratch = new SearchScratch(this.inSection);
    this.view = {
      units,
      sectionStart: this.sectionStart,
      inSection: this.inSection,
      scratch: this.scratch,
      elsewhere: (unit, query, held) => this.elsewhere(unit, query, held),
    };
  }

  /** What the candidate ranking (candidate-ranking.ts) reads of this index. */
  private readonly view: SectionView;

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
   * Question words, a hyphenated name written whole (its parts count), and the parts of a longer
   * Chinese word (counted through that word), weigh 0.
   */
  coverageWeights(query: readonly QueryTerm[]): Map<string, number> {
    return new Map(query.map((q) => [q.term, !isContent(q) || q.within ? 0 : q.weight * this.coverageIdf(q.term)]));
  }

  /** The question's telling words `unit` lacks that only other documents hold (see ScoredUnit). */
  private elsewhere(
    unit: KnowledgeUnit,
    query: readonly QueryTerm[],
    found: ReadonlyMap<string, number> | undefined,
  ): string[] {
    const document = documentOf(unit);
    return query
      .filter((q) => isContent(q) && !q.within && q.weight >= TELLING_WEIGHT && !found?.has(q.term))
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
    const asked = query.filter((q) => isContent(q) && !q.within);
    const storedTerms = queryTerms(stored).filter((q) => isContent(q) && !q.within);
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

  /**
   * Whether a stored question asks for the same kind of value about the same thing, naming the
   * kind with a noun the question leaves to its question word: "when are you open" asks what
   * "What are your opening hours?" asks, "what does shipping cost" what "What is the shipping
   * fee?" does. Each of the question's content words is one of the stored question's, both ask for
   * the same kinds of value (answer-kinds.ts), and the other words of either only name that kind
   * ("hours", "fee", "what time"). The decision takes it only when one QA alone asks so.
   */
  asksKindAsStored(query: readonly QueryTerm[], stored: string): boolean {
    const kinds = query.filter((q) => isAnswerKind(q.term)).map((q) => q.term);
    if (!kinds.length) return false;
    const storedKinds = askedKinds(stored);
    if (storedKinds.length !== kinds.length || !kinds.every((kind) => storedKinds.includes(kind))) return false;
    // A noun naming a kind asked for names it on either side: "what time do you open".
    const namesKind = (term: string) => kinds.some((kind) => KIND_NOUNS.get(kind)?.has(term));
    const asked = query.filter((q) => isContent(q) && !q.within && !isAnswerKind(q.term) && !namesKind(q.term));
    const storedTerms = queryTerms(stored).filter((q) => isContent(q) && !q.within && !isAnswerKind(q.term));
    if (!asked.length) return false;
    if (!asked.every((q) => storedTerms.some((s) => this.asWritten(q, s.term)))) return false;
    return storedTerms.every((s) => namesKind(s.term) || asked.some((q) => this.asWritten(q, s.term)));
  }

  /** Whether the question's word is `term`, as written or misspelt. */
  private asWritten(q: QueryTerm, term: string): boolean {
    return q.term === term || (q.latin && this.typoOf(q, term));
  }

  /** Whether the question's word, not in the index as written, is a typo of the index's `term`. */
  private typoOf(q: QueryTerm, term: string): boolean {
    if (this.postings.has(q.term)) return false;
    return this.meantBy(q.word).includes(term);
  }

  /**
   * The question's terms, each weighing as what it says (issue 32). A word's weight is how rare
   * it is in general (word-rarity.ts), and a word the tables do not know weighs as a rare one: a
   * name, a product, the word a near miss is about. Two kinds of word this knowledge does not
   * hold say less than that:
   *  - a misspelling ("fatser", "suport") says no more than the everyday word it stands for: a
   *    Latin word the word counts do not know, and that the knowledge holds words one edit from
   *    (the typo search, term-similarity.ts), weighs as the rarest of them;
   *  - a Chinese word the idf table rates as rare as it rates at all (or does not know) may be a
   *    technical term or a casual run of common characters ("带点", "转成", "装完") that its
   *    news corpus seldom writes: past that point the table cannot tell them apart, and the
   *    characters can, so such a word weighs as its rarest character ("柱状图" keeps most of
   *    its weight: "柱" is rare);
   *  - a misspelt function word ("shuold", "waht") is the function word: dropped, or a question
   *    word (misspeltFunctionWord).
   * The weight keeps the scale it had (an earlier turn's words weigh less).
   */
  weighUnheld(query: readonly QueryTerm[]): QueryTerm[] {
    const asked = new Set(query.map((q) => q.term));
    return query.flatMap((q): QueryTerm[] => {
      if (!isContent(q) || this.postings.has(q.term)) return [q];
      const own = wordRarity(q.term);
      let rarity = own;
      if (q.latin && ENGLISH_WORD.test(q.term) && !knownEnglish(q.term)) {
        // A misspelt "should" or "what" says what a function word says: nothing, or how it asks.
        const functionWord = misspeltFunctionWord(q.word);
        if (functionWord) {
          if (!functionWord.asks || asked.has(functionWord.word)) return [];
          asked.add(functionWord.word);
          // At the scale the word had (an earlier turn's words weigh less).
          return [{ ...q, term: functionWord.word, weight: (q.weight / own) * QUESTION_WORD_WEIGHT, asks: true }];
        }
        const meant = this.meantBy(q.word);
        if (meant.length) rarity = Math.max(...meant.map(wordRarity));
      } else if (CHINESE_WORD.test(q.term) && q.term.length > 1 && own >= 1) {
        rarity = Math.max(...[...q.term].map(wordRarity));
      }
      return [rarity === own ? q : { ...q, weight: (q.weight / own) * rarity }];
    });
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
    const asked = this.asked(query, { admit, limit, include });
    if (!asked) return [];
    const { question, parts, options } = asked;
    // Units found by meaning are scored whatever words they hold: their search is never pruned.
    const pruning =
      include.size || !this.prune
        ? null
        : pruningOf(parts, this.units.length, {
            most: (common, bm25) => {
              let mask = 0;
              for (const n of common) mask |= termBit(n);
              return rankOf(bm25, options.coverage.ofMask(mask));
            },
            floor: () => rankFloor(parts, this.units, this.inSection, options),
          });
    return (
      (pruning && this.scoreAndRank(question, options, parts, pruning)) ??
      (this.scoreAndRank(question, options, parts, null) as ScoredUnit[])
    );
  }

  /**
   * A floor under the rank of the `limit`-th candidate `search` returns (-Infinity when it knows
   * none): what the search's pruning goes by in a large knowledge base (rank-floor.ts).
   */
  rankFloor(query: readonly QueryTerm[], admit: (unit: KnowledgeUnit) => boolean, limit: number): number {
    const asked = this.asked(query, { admit, limit, include: new Set() });
    return asked ? rankFloor(asked.parts, this.units, this.inSection, asked.options) : Number.NEGATIVE_INFINITY;
  }

  /** What a search works out of the question once; null when it asks nothing to look for. */
  private asked(
    query: readonly QueryTerm[],
    { admit, limit, include }: Omit<RankOptions, 'coverage'>,
  ): { question: Question; parts: SearchPart[]; options: RankOptions } | null {
    const terms = this.searchTerms(query);
    // The best score the question's content words could reach; question words and a hyphenated
    // name written whole may add to a unit's score but are not asked of it.
    const maxScore =
      query.reduce((sum, q) => sum + (isContent(q) ? q.weight * this.idf(q.term) : 0), 0) * (BM25.k1 + 1);
    // A part of a longer word of the question ("单元" of "单元格") is counted through that word.
    const weights = this.coverageWeights(query);
    const partsOf = new Map<string, string[]>();
    for (const q of query) if (q.within) partsOf.set(q.within, [...(partsOf.get(q.within) ?? []), q.term]);
    // Per question term, what the coverage needs, looked up once rather than once per unit.
    const counted = query
      .map((q) => ({ term: q.term, weight: weights.get(q.term) ?? 0, parts: partsOf.get(q.term) }))
      .filter((c) => c.weight > 0);
    const totalWeight = counted.reduce((sum, c) => sum + c.weight, 0);
    if (!maxScore || !totalWeight) return null;
    const postings = terms.map((t) => this.postings.get(t.term));
    const parts: SearchPart[] = terms.map((t, n) => ({
      posting: postings[n],
      weight: t.weight * t.factor * this.idf(t.term),
    }));
    const masked = parts.reduce((mask, part, n) => (usable(part) ? mask | termBit(n) : mask), 0);
    const question: Question = { query, terms, postings, masked, counted, totalWeight, maxScore };
    return { question, parts, options: { admit, limit, include, coverage: new QuestionCoverage(question) } };
  }

  /**
   * BM25 of every unit holding a word of the question (numbers only, however many units), then
   * the best candidates. Pruned (term-pruning.ts), the common terms are added to the units the
   * others found, in the same order, so that the sums are the very same numbers; null when the
   * pruned result cannot be shown to be the full one.
   */
  private scoreAndRank(
    question: Question,
    options: RankOptions,
    parts: readonly SearchPart[],
    pruning: Pruning | null,
  ): ScoredUnit[] | null {
    /** The units given a BM25 by this search, and the sections of those and of `include`. */
    const touched: number[] = [];
    const sections: number[] = [];
    try {
      // The units holding a rarer term are reached before any term is added up, so that every
      // reached unit takes every term in the same order as in the full search.
      parts.forEach((part, n) => {
        if (pruning && usable(part) && !pruning.common.has(n)) this.scratch.reach(part.posting);
      });
      parts.forEach((part, n) => {
        if (!usable(part)) return;
        if (pruning?.common.has(n)) {
          this.scratch.accumulateReached(part.posting, part.weight, termBit(n), touched);
        } else {
          this.scratch.accumulate(part.posting, part.weight, termBit(n), touched);
        }
      });
      const ranked = rankCandidates(this.view, question, options, touched, sections);
      if (!pruning) return ranked;
      // The result is the full search's when the last one kept ranks above any unit holding
      // common terms only.
      const last = ranked[options.limit - 1];
      return last && last.rank > pruning.most * BOUND_MARGIN ? ranked : null;
    } finally {
      this.scratch.clear(touched, sections);
    }
  }

  /**
   * The index's terms a word it does not hold may be a misspelling of (term-similarity.ts), closest
   * first. One answer looks a word up three times (its weight, the search, a stored question asked
   * alike), so the last words looked up are remembered with the index.
   */
  private meantBy(word: string): string[] {
    let meant = this.meant.get(word);
    if (!meant) {
      const terms = similarTerms(word, this.trigrams).map((similar) => this.termOfWord.get(similar));
      meant = [...new Set(terms.filter((term): term is string => term !== undefined))];
      if (this.meant.size >= MEANT_REMEMBERED) this.meant.clear();
      this.meant.set(word, meant);
    }
    return meant;
  }

  private readonly meant = new Map<string, string[]>();

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
        continue;
      }
      // A customer's word the knowledge never uses, searched as the words it says in customer
      // service ("parcel" as "shipping", "上班" as "营业"), besides its typos or characters below.
      if (isContent(q)) {
        for (const term of serviceWordsOf(q.term)) {
          if (this.postings.has(term))
            out.push({ term, of: q.term, weight: q.weight, factor: SERVICE_WORD_FACTOR, part: false });
        }
      }
      if (q.latin && !q.joined) {
        // Compared as written: a misspelt word stems apart from the word it misspells.
        for (const term of this.meantBy(q.word)) {
          out.push({ term, of: q.term, weight: q.weight, factor: TYPO_FACTOR, part: false });
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
