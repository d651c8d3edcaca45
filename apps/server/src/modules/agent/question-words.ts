import { searchWords } from '../knowledge/search-text';

/**
 * The words of a question that carry its meaning. Function words ("what", "the", 的, 吗, です)
 * are in nearly every question and every document, so matching on them would make any text look
 * relevant; they are dropped. Words are jieba's search-mode words (long words and their parts),
 * so a document that has only part of a compound word still matches part of the question.
 */
const STOP_WORDS = new Set(
  [
    // English
    'a an the and or but if then else of to in on at by for with from about into over as is are was were be been',
    'being am do does did doing have has had having i me my we our us you your yours he she it its they them their',
    'this that these those there here what which who whom whose when where why how can could would should will shall',
    'may might must not no yes please tell me know want need any some all just so than too very also much many get got',
    's t d ll re ve m',
    // Chinese (simplified and traditional forms)
    '的 了 吗 嗎 呢 吧 啊 呀 是 在 有 和 与 與 及 或 就 都 也 还 還 又 很 我 你 您 他 她 它 我们 我們 你们 你們 他们 他們',
    '这 這 那 这个 這個 那个 那個 什么 什麼 怎么 怎麼 怎样 怎樣 如何 为什么 為什麼 哪 哪里 哪裡 请问 請問 请 請 一下 么 麼 个 個 把 被 给 給 让 讓',
    '可以 能 会 會 要 想 知道',
    // Japanese particles and copulas
    'は が を に で と の へ も や か な ね よ です ます でしょう ください ですか ますか これ それ あれ どれ この その あの',
  ]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean),
);

const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HIRAGANA = /\p{Script=Hiragana}/u;
/** A question's words beyond this many add little and cost a condition each. */
const MAX_WORDS = 16;
/** Longer "words" are runs of letters no text shares (and too long for a tsquery lexeme). */
const MAX_WORD_LENGTH = 40;

export interface QuestionWord {
  word: string;
  /** Whether the word is matched inside running text (CJK) rather than at a word start. */
  cjk: boolean;
  /** Longer words say more: a two-character Chinese word or an English word weighs 2, a longer one up to 4. */
  weight: number;
}

export function questionWords(text: string): QuestionWord[] {
  const out: QuestionWord[] = [];
  const seen = new Set<string>();
  for (const word of searchWords(text)) {
    if (seen.has(word) || STOP_WORDS.has(word) || !PLAIN_WORD.test(word)) continue;
    seen.add(word);
    const cjk = CJK.test(word);
    const length = [...word].length;
    // One Latin letter, digit or kana means nothing on its own (jieba cuts Japanese inflections
    // into single kana); one Chinese character may (猫, 价).
    if ((length < 2 && (!cjk || HIRAGANA.test(word))) || length > MAX_WORD_LENGTH) continue;
    out.push({ word, cjk, weight: cjk ? Math.min(4, length) : Math.min(4, 1 + Math.ceil(length / 4)) });
    if (out.length === MAX_WORDS) break;
  }
  return out;
}

/** Whether `text` (already lower-cased) contains the word: CJK anywhere, other words at a word start. */
export function containsWord(lowerText: string, w: QuestionWord): boolean {
  if (w.cjk) return lowerText.includes(w.word);
  let from = 0;
  for (;;) {
    const at = lowerText.indexOf(w.word, from);
    if (at < 0) return false;
    const before = at === 0 ? '' : (lowerText[at - 1] ?? '');
    if (!/[\p{L}\p{N}]/u.test(before)) return true;
    from = at + 1;
  }
}

/** The share (0–1) of the question's weight that `text` contains. */
export function coverage(text: string, words: readonly QuestionWord[]): number {
  const total = words.reduce((sum, w) => sum + w.weight, 0);
  if (!total) return 0;
  const lower = text.normalize('NFKC').toLowerCase();
  const found = words.reduce((sum, w) => sum + (containsWord(lower, w) ? w.weight : 0), 0);
  return found / total;
}

/** Dice similarity of the two word sets (0–1): how much two questions ask about the same things. */
export function wordOverlap(a: readonly QuestionWord[], b: readonly QuestionWord[]): number {
  if (!a.length || !b.length) return 0;
  const left = new Set(a.map((w) => w.word));
  const shared = b.filter((w) => left.has(w.word)).length;
  return (2 * shared) / (a.length + b.length);
}
