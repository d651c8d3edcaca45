import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Chinese has no spaces, and PostgreSQL's parser (and Intl.Segmenter) split it badly, so the
 * application segments text with jieba and hands PostgreSQL space-separated words:
 * `to_tsvector('simple', words)` on write, a prefix tsquery of the same words on search.
 */
let jieba: Jieba | null = null;
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

const WORD = /[\p{L}\p{N}]/u;

/** Lower-cased search-mode words of a text, punctuation and spaces dropped. */
export function searchWords(text: string): string[] {
  const words = segmenter().cutForSearch(text.normalize('NFKC').toLowerCase(), true);
  return words.map((w) => w.trim()).filter((w) => w && WORD.test(w));
}

/**
 * The space-separated search words of a row's two parts: `weighted` ranks above `body`.
 * Segmenting is the CPU-heavy half of a search vector, so bulk writers compute these in a worker
 * thread (parse-worker.ts) and build the vector from them.
 */
export interface WeightedWords {
  weighted: string;
  body: string;
}

export function weightedWords(weighted: string, body: string): WeightedWords {
  return { weighted: searchWords(weighted).join(' '), body: searchWords(body).join(' ') };
}

/** The words of a knowledge fragment: heading words weigh more than body words. */
export function fragmentWords(heading: string | null, content: string): WeightedWords {
  return weightedWords(heading ?? '', content);
}

/** The words of a QA: question words weigh more than answer (and tag) words. */
export function qaWords(question: string, answer: string, tags: string): WeightedWords {
  return weightedWords(question, `${answer} ${tags}`);
}

/** The tsvector of a knowledge fragment, from its words: heading words rank A. */
export function fragmentVector(words: WeightedWords): SQL {
  return sql`setweight(to_tsvector('simple', ${words.weighted}), 'A') || to_tsvector('simple', ${words.body})`;
}

/** The tsvector of a QA, from its words: question words rank A, answer words B. */
export function qaVector(words: WeightedWords): SQL {
  return sql`setweight(to_tsvector('simple', ${words.weighted}), 'A') || setweight(to_tsvector('simple', ${words.body}), 'B')`;
}

/** The tsvector of a knowledge fragment, segmented here (single rows; bulk writers segment ahead). */
export function fragmentSearchVector(heading: string | null, content: string): SQL {
  return fragmentVector(fragmentWords(heading, content));
}

/** The tsvector of a QA, segmented here (single rows; bulk writers segment ahead). */
export function qaSearchVector(question: string, answer: string, tags: string): SQL {
  return qaVector(qaWords(question, answer, tags));
}

/**
 * A tsquery text matching every word of the keyword (by prefix), or null when the keyword has
 * no words. Lexemes are quoted, so nothing the user types is read as tsquery syntax.
 */
export function keywordQuery(keyword: string): string | null {
  const words = [...new Set(searchWords(keyword))].slice(0, 32);
  if (!words.length) return null;
  return words.map((w) => `'${w.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' & ');
}

/** Normalised question used to recognise the same question within one source. */
export { questionKey } from '../../../lib/question-key';
