import type { KnowledgeUnit, UnitKind } from './knowledge-index';
import { HAN, indexTerms } from './search-terms';
import { BM25, type CollectedPosting, finishPosting, type Posting } from './term-postings';
import { TermTrigrams } from './term-similarity';

/** What the knowledge index (knowledge-index.ts) is built into, once per knowledge revision. */
export interface BuiltIndex {
  postings: Map<string, Posting>;
  /** Per unit, its boosted length in terms. */
  lengths: Float64Array;
  /** Per unit, the first unit of its section: the passages of one heading's section, in a row. */
  sectionStart: Int32Array;
  /** Per unit, whether its section has other passages (1) or is the unit alone (0). */
  inSection: Uint8Array;
  /** Latin words as the knowledge writes them, by trigram, and the term each stands for. */
  trigrams: TermTrigrams;
  termOfWord: Map<string, string>;
  /** The documents (the QA added by hand count as one) holding each term. */
  documentsOf: Map<string, Set<string>>;
}

/** The document a unit belongs to; the QA added by hand are one list, as a document's are. */
export function documentOf(unit: KnowledgeUnit): string {
  return unit.fileId === null ? 'qa' : `file:${unit.fileId}`;
}

export function buildIndex(units: readonly KnowledgeUnit[]): BuiltIndex {
  const lengths = new Float64Array(units.length);
  const { sectionStart, inSection } = sectionsOf(units);
  const trigrams = new TermTrigrams();
  const termOfWord = new Map<string, string>();
  const documentsOf = new Map<string, Set<string>>();
  const collected = new Map<string, CollectedPosting>();
  const totals: Record<UnitKind, { length: number; count: number }> = {
    qa: { length: 0, count: 0 },
    fragment: { length: 0, count: 0 },
  };
  const heard = (word: string, term: string) => {
    if (termOfWord.has(word) || !/^[\p{L}\p{N}]+$/u.test(word) || HAN.test(word)) return;
    termOfWord.set(word, term);
    trigrams.add(word);
  };
  units.forEach((unit, index) => {
    const counts = new Map<string, number>();
    const add = (terms: string[], boost: number) => {
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + boost);
      return terms.length * boost;
    };
    const length =
      add(unit.title ? indexTerms(unit.title, heard) : [], BM25.titleBoost[unit.kind]) +
      add(indexTerms(unit.text, heard), BM25.textBoost);
    lengths[index] = length;
    totals[unit.kind].length += length;
    totals[unit.kind].count++;
    const document = documentOf(unit);
    for (const [term, tf] of counts) {
      const documents = documentsOf.get(term) ?? new Set<string>();
      documents.add(document);
      documentsOf.set(term, documents);
      let posting = collected.get(term);
      if (!posting) {
        posting = { units: [], tf: [] };
        collected.set(term, posting);
      }
      posting.units.push(index);
      posting.tf.push(tf);
    }
  });
  const averageLength: Record<UnitKind, number> = { qa: 1, fragment: 1 };
  for (const kind of ['qa', 'fragment'] as const) {
    const { length, count } = totals[kind];
    if (count) averageLength[kind] = Math.max(1, length / count);
  }
  const norm = (index: number) =>
    1 - BM25.b + (BM25.b * (lengths[index] as number)) / averageLength[(units[index] as KnowledgeUnit).kind];
  const postings = new Map<string, Posting>();
  for (const [term, posting] of collected) postings.set(term, finishPosting(posting, norm));
  return { postings, lengths, sectionStart, inSection, trigrams, termOfWord, documentsOf };
}

/** The passages of one heading's section in a document, in a row, are one section. */
function sectionsOf(units: readonly KnowledgeUnit[]): { sectionStart: Int32Array; inSection: Uint8Array } {
  const sectionStart = new Int32Array(units.length);
  const inSection = new Uint8Array(units.length);
  units.forEach((unit, index) => {
    const before = units[index - 1];
    const continues =
      unit.kind === 'fragment' &&
      unit.title !== null &&
      before?.kind === 'fragment' &&
      before.fileId === unit.fileId &&
      before.title === unit.title;
    sectionStart[index] = continues ? (sectionStart[index - 1] as number) : index;
    if (continues) {
      inSection[index] = 1;
      inSection[index - 1] = 1;
    }
  });
  return { sectionStart, inSection };
}
