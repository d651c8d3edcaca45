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

/** The tsvector of a knowledge fragment: heading words weigh more than body words. */
export function fragmentSearchVector(heading: string | null, content: string): SQL {
  const h = heading ? searchWords(heading).join(' ') : '';
  const c = searchWords(content).join(' ');
  return sql`setweight(to_tsvector('simple', ${h}), 'A') || to_tsvector('simple', ${c})`;
}

/** The tsvector of a QA: question words weigh more than answer words. */
export function qaSearchVector(question: string, answer: string, tags: string): SQL {
  const q = searchWords(question).join(' ');
  const a = searchWords(`${answer} ${tags}`).join(' ');
  return sql`setweight(to_tsvector('simple', ${q}), 'A') || setweight(to_tsvector('simple', ${a}), 'B')`;
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
export function questionKey(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?？!！。.,，:：;；]+$/u, '')
    .trim();
}
