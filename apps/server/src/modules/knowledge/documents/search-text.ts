import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Chinese has no spaces, and PostgreSQL's parser (and Intl.Segmenter) split it badly, so the
 * application segments text with jieba and hands PostgreSQL the words: a vector of them on
 * write (qaVectorText), a prefix tsquery of the same words on search (keywordQuery). The parse
 * worker imports this module, so it loads neither drizzle nor zod: each worker pays for every
 * module it loads on its boot (parse-worker.test.ts).
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
 * A QA's search vector in PostgreSQL's text form (`'word':1A,7A 'other':2B`), built from the
 * segmented words of its question (ranked A) and its answer and tags (B). The lexemes are
 * exactly the words a keyword query looks up (keywordQuery), and reading this form costs the
 * database a fraction of `to_tsvector` over the same words (9,000 long mined answers: 4 s less on
 * PostgreSQL, issue 38). Segmenting is the CPU-heavy half, so bulk writers build these in a
 * worker thread (parse-worker.ts).
 */
export function qaVectorText(question: string, answer: string, tags: string): string {
  const positions = new Map<string, string[]>();
  let at = 0;
  const add = (text: string, weight: string) => {
    for (const word of searchWords(text)) {
      // PostgreSQL's limits: positions up to 16,383, 256 of them per word, words under 2 KB.
      at = Math.min(at + 1, MAX_POSITION);
      // A character is at most 4 bytes: only a long word needs its bytes counted.
      if (word.length * 4 >= MAX_WORD_BYTES && Buffer.byteLength(word) >= MAX_WORD_BYTES) continue;
      const list = positions.get(word);
      if (!list) positions.set(word, [`${at}${weight}`]);
      else if (list.length < MAX_POSITIONS_PER_WORD) list.push(`${at}${weight}`);
    }
  };
  add(question, 'A');
  add(`${answer} ${tags}`, 'B');
  let out = '';
  for (const [word, list] of positions) out += `${out ? ' ' : ''}${quotedLexeme(word)}:${list.join(',')}`;
  return out;
}

const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 256;
const MAX_WORD_BYTES = 2_047;

/** The distinct words of a keyword that a search looks for, at most 32 (a longer one is a paste). */
export function keywordWords(keyword: string): string[] {
  return [...new Set(searchWords(keyword))].slice(0, 32);
}

/**
 * A tsquery text matching every word of the keyword (by prefix), or null when the keyword has
 * no words. Lexemes are quoted, so nothing the user types is read as tsquery syntax.
 */
export function keywordQuery(keyword: string): string | null {
  const words = keywordWords(keyword);
  if (!words.length) return null;
  return words.map((w) => `${quotedLexeme(w)}:*`).join(' & ');
}

/** A word as a quoted lexeme of tsvector or tsquery text: nothing in it is read as syntax. */
function quotedLexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** Normalised question used to recognise the same question within one source. */
export { questionKey } from '../../../lib/question-key';
