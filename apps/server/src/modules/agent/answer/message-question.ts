import { splitSentences } from './passages';
import { hasContent, isContent, type QueryTerm, queryTerms } from './search-terms';

/**
 * What a message asks (issue 32). Customers write a question together with a greeting, their
 * phone number, a budget or a date; those say nothing about what the knowledge should answer
 * (lead capture reads them from the whole message), and a number shared with some document would
 * only pull it up. They are taken out, and of several sentences the questions are searched.
 */

/** English month names, for dates written out ("1 March 2025", "June 14th"); "may" only beside a number. */
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';

const NOISE: readonly RegExp[] = [
  // Links and e-mail addresses.
  /\bhttps?:\/\/\S+/giu,
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu,
  // Amounts: a currency mark before or a currency word after a number.
  /(?:[¥￥$€£]|\b(?:rmb|cny|usd|eur|hkd)\s*)\s*\d+(?:,\d{3})*(?:\.\d+)?(?:\s?[kKwW万千])?/giu,
  /\d+(?:,\d{3})*(?:\.\d+)?\s*(?:[kKwW万千]\s*)?(?:元|块钱|块|美元|欧元|港币|日元|円|\b(?:yuan|dollars?|euros?|usd|rmb|bucks)\b)/giu,
  // Dates and times of day.
  /\b\d{4}[-/.年]\d{1,2}(?:[-/.月]\d{1,2}日?)?/gu,
  /\d{1,2}月\d{1,2}[日号號]?/gu,
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTHS})\\b\\.?(?:,?\\s+\\d{4})?`, 'giu'),
  new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4})?`, 'giu'),
  /\b\d{1,2}[:：]\d{2}\b/gu,
  // Phone numbers and other long digit runs (ids, order numbers): seven digits and more, spaced or not.
  /\+?\d[\d\s\-()]{5,}\d/gu,
];

/** A greeting a sentence opens with ("您好，请问…", "Hi, how…"). */
const LEADING_GREETING = /^(?:hi|hello|hey|你好|您好|哈喽|嗨|こんにちは)(?:\s*(?:there|all|team))?[\s,，、!！~～]+/iu;

/** Sentences that only greet, thank or hand over contact details. */
const SMALL_TALK =
  /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|thanks?(?: you)?|many thanks|你好|您好|哈喽|嗨|谢谢|謝謝|多谢|多謝|こんにちは|ありがとう)\b/iu;
/**
 * A clause that hands over contact details or an order's ids rather than asking: "my phone is…",
 * "please email me…", "订单号…", "我们预算…", "Ticket #…". Clauses are cut at commas and colons.
 */
const CONTACT_CLAUSE =
  /^(?:(?:my|our) |我的|我们的|我們的|我们|我們)?(?:phone|mobile|cell|number|tel|telephone|e-?mail|wechat|whatsapp|budget|name|address|order (?:number|no|id|#)|ticket|invoice|电话|電話|手机|手機|号码|號碼|微信|邮箱|郵箱|预算|預算|名字|地址|订单号|訂單號|单号|單號|联系邮箱|聯繫郵箱|联系方式|聯繫方式)|^(?:please |pls )?(?:you can )?(?:call|reach|contact|text|e-?mail|write to) (?:me|us)|^(?:i'?m|i am|this is) \p{Lu}/iu;
/** Filler that opens a clause ("想问下", "I wanted to ask"), saying nothing of what is asked. */
const ASKING_FILLER =
  /^(?:想问一?下|想問一?下|请问一?下|請問一?下|问一?下|問一?下|请教一?下|請教一?下|i (?:wanted|want|would like) to ask(?: you)?|quick question|quick one)[\s,，:：-]*/iu;

/** A sentence that asks: a question mark, a question word first, or a Chinese/Japanese question ending. */
const ASKS =
  /[?？]|^(?:what|which|who|whom|whose|when|where|why|how|can|could|do|does|did|is|are|was|were|will|would|should|shall|may|have|has)\b|[吗嗎呢么麼][。.!！]?$|(?:怎么|怎麼|如何|什么|什麼|哪|几|幾|多少|是否|能否|可否|有没有|有沒有|是不是|ですか|ますか)/iu;

/** The message without the parts that are not its question. */
export function messageQuestion(message: string): string {
  let text = message.normalize('NFKC');
  for (const pattern of NOISE) text = text.replace(pattern, ' ');
  const sentences = splitSentences(text)
    .map(withoutContactClauses)
    // A sentence of greetings only is empty by now: its clauses were small talk.
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
  const questions = sentences.filter((s) => ASKS.test(s));
  const chosen = questions.length ? questions : sentences;
  return chosen.join(' ').replace(/\s+/g, ' ').trim();
}

/** A sentence without its greeting, its filler and its clauses of contact details. */
function withoutContactClauses(sentence: string): string {
  const clauses = sentence
    .replace(LEADING_GREETING, '')
    .split(/(?<=[,，、:：])/u)
    .map((clause) => clause.trim().replace(ASKING_FILLER, ''))
    .filter((clause) => clause && !CONTACT_CLAUSE.test(clause) && !isOnlySmallTalk(clause));
  return clauses
    .join(' ')
    .replace(/[\s,，、:：]+$/u, '')
    .trim();
}

function isOnlySmallTalk(sentence: string): boolean {
  if (!SMALL_TALK.test(sentence)) return false;
  return !hasContent(queryTerms(sentence.replace(SMALL_TALK, '')));
}

/**
 * A message that refers back to what was asked before: it opens with a connective or a pointing
 * word ("and…", "what about…", "which one…", "那…", "它…"), or is short and points with a pronoun.
 */
const REFERS_BACK =
  /^(?:and|also|but|so|then|what about|how about|and what|which one|which|what if|is it|does it|do they|can it|is that|are they|它|那|那么|那麼|那个|那個|这个|這個|还有|還有|另外|哪个|哪個|それ|では|じゃあ)\b|^(?:它|那|还有|還有|哪个|哪個|这个|這個|那个|那個)/iu;
const POINTING = /\b(?:it|its|that|this|they|them|those|these|one|ones)\b|[它这這那]/iu;
/** Words a self-contained question has at most when it still points back ("does it support X?"). */
const SHORT_FOLLOW_UP_WORDS = 4;

/** How much an earlier turn's words count when a follow-up is searched with it. */
export const EARLIER_TURN_WEIGHT = 0.6;

export interface SearchedQuestion {
  /** The text searched (the earlier turn first, for a follow-up). */
  searched: string;
  followUp: boolean;
  terms: QueryTerm[];
}

/**
 * The question to search, from the last user turn and, for a follow-up, the user turn before it
 * (the most recent one with words of its own). The earlier turn's words weigh less: the
 * follow-up says what is asked now.
 */
export function searchedQuestion(turns: readonly string[]): SearchedQuestion {
  const last = messageQuestion(turns.at(-1) ?? '');
  const terms = queryTerms(last);
  const earlier = [...turns.slice(0, -1)]
    .reverse()
    .map(messageQuestion)
    .find((turn) => hasContent(queryTerms(turn)));
  const content = terms.filter(isContent).length;
  const followUp =
    earlier !== undefined &&
    (content === 0 || REFERS_BACK.test(last) || (content <= SHORT_FOLLOW_UP_WORDS && POINTING.test(last)));
  if (!followUp || earlier === undefined) return { searched: last, followUp: false, terms };
  const merged = new Map(terms.map((t) => [t.term, t]));
  for (const t of queryTerms(earlier)) {
    if (!merged.has(t.term)) merged.set(t.term, { ...t, weight: t.weight * EARLIER_TURN_WEIGHT });
  }
  return { searched: `${earlier} ${last}`, followUp: true, terms: [...merged.values()] };
}
