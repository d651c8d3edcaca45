import { stemmer } from 'stemmer';
import { searchWords } from '../../knowledge/documents/search-text';
import { askedKinds, heldKinds } from './answer-kinds';
import { editDistance } from './term-similarity';
import { wordRarity } from './word-rarity';

/**
 * The terms the agent's search index holds and a question is searched by (issue 32). One
 * tokenizer for both sides, so a word is found exactly when it is the same term:
 *  - Chinese: jieba's search-mode words (long words and their parts), as the rest of the
 *    knowledge module segments it;
 *  - Japanese kana: jieba cuts a kana run into single characters, which mean nothing, so kana
 *    runs become overlapping character pairs;
 *  - Latin script: whole words, English ones stemmed (Porter), so "opening" finds "open" but
 *    "art" never finds "start": no prefix matching.
 * Function words are dropped on both sides; question words stay in the index (an FAQ heading
 * holds them) but weigh little in a question.
 */

const STOP_WORDS = new Set(
  [
    // English function words, fillers and chat words
    'a an the and or but if then else of to in on at by for with from about into over as is are was were be been',
    'being am do does did doing have has had having i me my mine we our ours us you your yours he him his she her',
    'it its they them their theirs this that these those there here can could would should will shall may might must',
    'not no yes please pls plz tell know want need any some all just so than too very also much many get got let',
    'hi hello hey dear thanks thank thx ok okay u ur im ive id youre s t d ll re ve m one',
    // what is left of a contraction ("don't" → "don" "t"), and contractions typed without the apostrophe
    'don doesn didn isn aren wasn weren wouldn shouldn couldn hasn haven hadn mustn needn',
    'dont doesnt didnt isnt arent wasnt werent wont wouldnt shouldnt couldnt hasnt havent cant thats theres',
    // Chinese (simplified and traditional forms)
    '的 了 吗 嗎 呢 吧 啊 呀 哦 嗯 是 在 有 和 与 與 及 或 就 都 也 还 還 又 很 我 你 您 他 她 它 我们 我們 你们 你們 他们 他們',
    '这 這 那 这个 這個 那个 那個 些 一下 么 麼 个 個 把 被 给 給 让 讓 请 請 请问 請問 谢谢 謝謝 你好 您好 好 想 要',
    '可以 能 会 會 知道 一个 一個 吧 么 得 地 着 著 过 過',
    // Japanese particles, copulas and politeness
    'は が を に で と の へ も や か な ね よ です ます でしょう ください ですか ますか これ それ あれ この その あの',
  ]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that ask rather than say: kept, but a question's meaning is in its other words. */
const QUESTION_WORDS = new Set(
  [
    'what which who whom whose when where why how whats wheres whos whys hows',
    '什么 什麼 怎么 怎麼 怎样 怎樣 如何 为什么 為什麼 为何 為何 哪 哪里 哪裡 哪儿 哪兒 哪个 哪個 哪些 几 幾 多少 是否 能否 何时 何時',
    '谁 誰 几点 幾點 几时 幾時 多久 多长 多長 多大 多远 多遠 怎么办 怎麼辦 有没有 有沒有 是不是 能不能 可不可以 会不会 會不會',
    // and their colloquial forms
    '为啥 為啥 啥 咋 咋样 咋樣 咋办 咋辦 咋整 干嘛 幹嘛 干啥 幹啥 怎么样 怎麼樣 啥时候 啥時候 什么时候 什麼時候 多会儿 多會兒',
    'なに なん いつ どこ どう どれ だれ なぜ どの いくら',
  ]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean),
);

/** The function words long enough to be told from a misspelling of them ("shuold", "waht", "wich"). */
const MISSPELT_FUNCTION_LENGTH = 4;
const LONG_FUNCTION_WORDS = [...STOP_WORDS, ...QUESTION_WORDS].filter(
  (word) => /^[a-z]+$/.test(word) && word.length >= MISSPELT_FUNCTION_LENGTH,
);

/**
 * The function word a word the knowledge does not hold is a misspelling of, if any: one edit
 * away (a swap of neighbours counts one), same first letter, four letters or more. "shuold"
 * is "should", a word that says nothing about what is asked; searched as written, it would be a
 * rare word the answer lacks, and cost the answer the question's coverage.
 */
export function misspeltFunctionWord(word: string): { word: string; asks: boolean } | null {
  if (word.length < MISSPELT_FUNCTION_LENGTH || !/^[a-z]+$/.test(word)) return null;
  const meant = LONG_FUNCTION_WORDS.find(
    (w) => w[0] === word[0] && Math.abs(w.length - word.length) <= 1 && editDistance(word, w, 1) <= 1,
  );
  return meant ? { word: meant, asks: QUESTION_WORDS.has(meant) } : null;
}

/** After "how", these ask for a measure ("how long", "how often") rather than say what is asked about. */
const HOW_MEASURES = new Set([
  'long',
  'often',
  'far',
  'soon',
  'big',
  'large',
  'old',
  'late',
  'early',
  'fast',
  'quickly',
]);

/** How much a question word weighs against a content word (1). */
export const QUESTION_WORD_WEIGHT = 0.2;

/** How much the kind of value a question asks for (answer-kinds.ts) weighs in the ranking. */
export const ANSWER_KIND_WEIGHT = 0.5;

/**
 * How much a hyphenated word of the question written as one ("pino-debug" → "pinodebug") weighs
 * in the ranking: its parts are words of their own already, and this only puts the units that
 * write the name whole ahead of those that hold its parts apart.
 */
export const JOINED_WORD_WEIGHT = 0.5;

/** A Chinese character (one Han script test for the index and the question). */
export const HAN = /\p{Script=Han}/u;
const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u;
const LATIN_WORD = /^[\p{L}\p{N}]+$/u;
const ASCII_LETTERS = /^[a-z]+$/;
/** Longer "words" are runs of letters no text shares. */
const MAX_TERM_LENGTH = 40;

/** What a token becomes: a term (stemmed where English), and whether it is CJK. */
function termOf(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  if (HAN.test(word)) return word;
  if (!LATIN_WORD.test(word) || word.length > MAX_TERM_LENGTH) return null;
  // One Latin letter or digit means nothing on its own; numbers of two and more digits (a model,
  // a year) do.
  if (word.length < 2) return null;
  return ASCII_LETTERS.test(word) ? stemmer(word) : word;
}

/** The tokens of a text with kana runs joined again (jieba cuts them into characters). */
function tokens(text: string): string[] {
  const out: string[] = [];
  let kana = '';
  const flushKana = () => {
    const chars = [...kana];
    if (chars.length === 1) out.push(kana);
    for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
    kana = '';
  };
  for (const word of searchWords(text)) {
    if (KANA.test(word) && !STOP_WORDS.has(word)) {
      kana += word;
      continue;
    }
    if (kana) flushKana();
    out.push(word);
  }
  if (kana) flushKana();
  return out;
}

/** Latin words joined by a hyphen ("copy-truncate", "e-mail"), also written as one word. */
const HYPHENATED = /(?<![\p{L}\p{N}-])\p{L}+(?:-\p{L}+)+(?![\p{L}\p{N}])/gu;

/**
 * The hyphenated words of a text written as one ("copytruncate", "email"): people write them
 * both ways, and a word split at its hyphen finds only its parts.
 */
function joinedCompounds(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(HYPHENATED) ?? []).map((word) => word.replaceAll('-', ''));
}

/**
 * A version as people write it: "4.0.0", "v4", "v4.2", "4.x", "version 4", "版本 4", "第 4 版".
 * A bare "1.5" is a measure, not a version, and gives no term.
 */
const VERSION =
  /(?<![\p{L}\p{N}.])(\d{1,4})\.\d+\.\d+(?![\p{N}]|\.\d)|(?<![\p{L}\p{N}.])(\d{1,4})\.x\b|\bv(\d{1,4})(?:\.\d+)*\b|\bversions?\s+v?(\d{1,4})(?![\p{N}])|版本\s*v?(\d{1,4})|第\s*(\d{1,4})\s*版(?!本)/giu;

/**
 * The major versions a text names, as one term each ("v4"): a question asks about "version 4"
 * where the knowledge lists "4.0.0", and a lone digit is no term of its own.
 */
export function versionTerms(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKC').matchAll(VERSION)) {
    const major = m.slice(1).find((group) => group !== undefined);
    if (major !== undefined) out.push(`v${Number(major)}`);
  }
  return out;
}

/**
 * The terms of a text to index, repeats kept (they are the term frequencies); `onWord` hears each
 * word as written with its term (the index looks misspelt words up among the words as written).
 */
export function indexTerms(text: string, onWord?: (word: string, term: string) => void): string[] {
  const out: string[] = [];
  for (const token of [...tokens(text), ...joinedCompounds(text)]) {
    const term = termOf(token);
    if (!term || VERSION_TERM.test(term)) continue;
    out.push(term);
    onWord?.(token, term);
    if (HAN.test(term) && term.length > 1) for (const char of new Set(term)) out.push(characterTerm(char));
  }
  out.push(...versionTerms(text));
  out.push(...heldKinds(text));
  return out;
}

/** A term a version gives (versionTerms adds these; a "v4" written as a word is one of them). */
const VERSION_TERM = /^v\d+$/;

/**
 * The term of one Chinese character inside a longer word, apart from the one-character words:
 * a question's word the knowledge does not use ("很慢", "加图片") is often the knowledge's word
 * said another way ("速度慢", "添加图片"), and its characters still find it, in part.
 */
export function characterTerm(char: string): string {
  return `·${char}`;
}

export interface QueryTerm {
  term: string;
  /** The word as the question wrote it (for people reading a test result). */
  word: string;
  /**
   * How much the word counts: its general rarity (word-rarity.ts) for a content word,
   * QUESTION_WORD_WEIGHT for a question word; scaled down for the words of an earlier turn.
   */
  weight: number;
  /** A question word ("what", "如何"), which says how the question asks, not what about. */
  asks: boolean;
  /** Latin words may be misspelt and are looked up by similarity when not found as they are. */
  latin: boolean;
  /**
   * The question's longer Chinese word this one is part of: jieba's search mode gives a long word
   * and its parts ("单元格", "单元"), which are one word of the question, not two (see `search`).
   */
  within?: string;
  /**
   * A hyphenated word of the question written as one ("pino-debug" → "pinodebug", as the index
   * also holds it): it ranks the units that write the name whole, but is never asked of a unit
   * (its parts, terms of their own, are what the coverage counts) and never looked up as a typo.
   */
  joined?: true;
  /** A word of the earlier turn a follow-up is searched with (message-question.ts), not of the follow-up itself. */
  earlier?: true;
}

/** A question's distinct terms with their weights. */
export function queryTerms(text: string): QueryTerm[] {
  const out = new Map<string, QueryTerm>();
  let previous = '';
  for (const token of tokens(text)) {
    const asks = QUESTION_WORDS.has(token) || (previous === 'how' && HOW_MEASURES.has(token));
    previous = token;
    const term = termOf(token);
    if (!term || out.has(term) || VERSION_TERM.test(term)) continue;
    const weight = asks ? QUESTION_WORD_WEIGHT : wordRarity(term);
    out.set(term, { term, word: token, weight, asks, latin: !HAN.test(token) && !KANA.test(token) });
  }
  for (const term of versionTerms(text)) {
    if (!out.has(term)) out.set(term, { term, word: term, weight: wordRarity(term), asks: false, latin: false });
  }
  for (const compound of joinedCompounds(text)) {
    const term = termOf(compound);
    if (term && !out.has(term)) {
      out.set(term, { term, word: compound, weight: JOINED_WORD_WEIGHT, asks: false, latin: true, joined: true });
    }
  }
  for (const kind of askedKinds(text)) {
    out.set(kind, { term: kind, word: kind, weight: ANSWER_KIND_WEIGHT, asks: true, latin: false });
  }
  const terms = [...out.values()];
  for (const t of terms) {
    if (t.asks || !HAN.test(t.term)) continue;
    const whole = terms
      .filter((o) => !o.asks && o.term.length > t.term.length && o.term.includes(t.term))
      .sort((a, b) => b.term.length - a.term.length)[0];
    if (whole) t.within = whole.term;
  }
  return terms;
}

/** Whether a question term is one of its content words (not a question word, nor a hyphenated word joined). */
export function isContent(term: QueryTerm): boolean {
  return !term.asks && !term.joined;
}

/** Whether a question has words that say what it is about (not only question words). */
export function hasContent(terms: readonly QueryTerm[]): boolean {
  return terms.some(isContent);
}
