/**
 * What kind of value a question asks for, and which texts hold one (issue 32). "How long are
 * releases supported?" asks for a duration: of two sections holding the same words, the one that
 * gives a duration ("six months") is the answer. The index gives a text that holds such a value
 * a term of its own for it, and a question that asks for one searches that term too, as a
 * question word: it ranks, but is never asked of a candidate (a text without it still answers).
 */

const NUMBER_WORD = '\\d+(?:[.,]\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several';
/**
 * A number in Chinese or digits, starting where its run starts: tried inside a long run, the
 * pattern would scan the rest of it again at every character (a 32,000-digit text took 15 s).
 */
const HAN_NUMBER = '(?<![\\d一二三四五六七八九十百两兩几幾半])[\\d一二三四五六七八九十百两兩几幾半]+';

export interface AnswerKind {
  term: string;
  /** A question that asks for this kind of value. */
  asks: RegExp;
  /** A text that holds one. */
  holds: RegExp;
  /**
   * Only a text that holds one answers (answer-decision.ts, reason `noValue`): a price is never
   * guessed, and a passage about the product that names none is not an answer to "how much".
   * A duration or a time is often said in words ("until the next major release"), so those rank
   * but are not required.
   */
  required?: boolean;
  /**
   * Nouns that name this kind of value rather than what it is asked about: "What are your
   * opening hours?" asks for a time about being open (KnowledgeIndex.asksKindAsStored).
   */
  nouns: string;
}

export const ANSWER_KINDS: readonly AnswerKind[] = [
  {
    term: '⟨duration⟩',
    nouns: 'time duration hours days weeks months 时间 時間 时长 時長',
    asks: /\bhow long\b|\bhow (?:soon|quickly)\b|\bhow many (?:days|weeks|months|years|hours|minutes)\b|多久|多长时间|多長時間|多少天|几天|幾天|どのくらい|何日/iu,
    holds: new RegExp(
      `\\b(?:${NUMBER_WORD})[\\s-]+(?:(?:working|business|calendar|full|whole|consecutive|school|banking)[\\s-]+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\\b|${HAN_NUMBER}\\s*(?:秒|分钟|分鐘|小时|小時|天|日|周|週|星期|个月|個月|年)`,
      'iu',
    ),
  },
  {
    term: '⟨time⟩',
    nouns: 'hours time times date dates day days schedule deadline 时间 時間 日期',
    // "When" asks as the question's first word or before its verb ("and when is …"), not as a
    // conjunction ("the output is gone when I run npm install").
    asks: /(?:^|[.?!]\s+|\b(?:and|but|so|then|or|until|since)\s+)when\b|\bwhen (?:is|are|was|were|do|does|did|will|would|can|could|should|shall|may|must)\b|\bwhat time\b|\bwhat date\b|\b(?:end|release|expiry|expiration|due|start|closing|cutoff|cut-off)[\s-]dates?\b|\bdeadline\b|\b(?:what|which) (?:day|year)\b|什么时候|什麼時候|何时|何時|几点|幾點|哪天|哪一天|哪年|哪一年|什么日期|什麼日期|几号|幾號|截止日期|截止时间|截止時間|到期日|いつ|\b(?:opening|business|office|open|working) (?:hours|times)\b|\bhours of (?:business|operation)\b|营业时间|營業時間|上班时间|上班時間|办公时间|辦公時間|営業時間/iu,
    holds:
      /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b|\d{1,4}\s*年\s*\d{1,2}\s*月|\d{1,2}\s*月\s*\d{1,2}\s*[日号號]|\d{1,2}\s*[点點時时]|周[一二三四五六日]|星期[一二三四五六日天]|\b(?:weekdays?|weekends?|business days?|working days?|(?:public |bank )?holidays?|noon|midnight|24\/7|around the clock|(?:opening|business|office) hours)\b|(?<![一\d])(?:[两兩二三四五六七八九]|十[一二]?)\s*[点點](?:半|[一二三四五]?十分)?|上午|下午|中午|凌晨|工作日|周末|週末|节假日|節假日|全天|平日|午前|午後|土日|祝日/iu,
  },
  {
    term: '⟨price⟩',
    nouns: 'price prices cost costs fee fees charge charges 价格 價格 费用 費用',
    // A cost of speed, memory or time is not a price: "the performance cost of source maps",
    // "what does it cost in memory".
    asks: /\bhow much (?:does|do|is|are|will|would)\b[^.?!]*\b(?:cost|charge|pay)\b|\bwhat (?:does|do|will|would)\b[^.?!]*\bcharge\b|(?<!\b(?:performance|memory|runtime|startup|cpu|compute|computational|bundle|mental|maintenance|time|size|speed|latency|opportunity)[\s-])\bcosts?\b(?![\s-]+(?:in|of|to)\s+(?:performance|speed|memory|time|latency|throughput|size|startup)\b)|\b(?:price|prices|pricing|fee|fees)\b|\bis (?:it|this|that|there a) (?:free|paid)\b|多少钱|多少錢|价格|價格|价钱|價錢|费用|費用|收费|收費|いくら|料金|値段/iu,
    // A figure with its currency (before or after it), a figure per month or seat, a figure a cost
    // is said to be, or that the thing is free.
    holds:
      /[¥￥$€£]\s?\d|\d\s?(?:元|块|塊|美元|欧元|歐元|円)|\b\d+(?:[.,]\d+)?\s?(?:usd|eur|gbp|chf|jpy|hkd|cny|rmb|yuan|dollars?|euros?|bucks)\b|\b(?:usd|eur|gbp|chf|jpy|hkd|cny|rmb)\s?\d|\b\d+(?:[.,]\d+)?\s?(?:\/|per |a )\s?(?:month|year|mo|yr|user|seat|person)\b|\bcosts? (?:about |around |only |just )?\d|\bfree (?:of charge|software|to use|for (?:commercial|personal|everyone|all))\b|\b(?:is|are|it's|stays?|remains?) (?:completely |totally |entirely )?free\b|\bno (?:charge|cost|fee)\b|\bcosts? nothing\b|免费|免費|無料|不收费|不收費|不收取(?:任何)?费用|不收取(?:任何)?費用|无需付费|無需付費/iu,
    required: true,
  },
];

/** The answer-kind terms a text holds, once per value found. */
export function heldKinds(text: string): string[] {
  const out: string[] = [];
  for (const kind of ANSWER_KINDS) {
    const global = new RegExp(kind.holds.source, `${kind.holds.flags}g`);
    for (const _ of text.matchAll(global)) out.push(kind.term);
  }
  return out;
}

/** The answer-kind terms a question asks for. */
export function askedKinds(question: string): string[] {
  return ANSWER_KINDS.filter((kind) => kind.asks.test(question)).map((kind) => kind.term);
}

/** The answer-kind terms a question asks for that only a text holding one may answer. */
export function requiredKinds(terms: readonly { term: string }[]): string[] {
  return ANSWER_KINDS.filter((kind) => kind.required && terms.some((t) => t.term === kind.term)).map((k) => k.term);
}

/** Whether a term is an answer kind's rather than a word's. */
export function isAnswerKind(term: string): boolean {
  return ANSWER_KINDS.some((kind) => kind.term === term);
}
