/**
 * Mined questions must read as questions (issue 13: the local miner stored the heading
 * "Shipping" as a question). These helpers recognise a question and ask a topic the author
 * labelled as a question ("Q: Refund window") as one, in its own language. A heading is never
 * made into a question (issue 32: "What is the acme X200 Router - Product FAQ?").
 */

const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Characters that exist only in Traditional Chinese; any of them marks a traditional text. */
const TRADITIONAL = /[們這個為來時間說對會國學點關門問發開見後過還讓從當於與麼樣務單價確認證購買費運貨類號碼訂]/;

export function endsAsQuestion(text: string): boolean {
  return /[?？]\s*$/.test(text);
}

const EN_ASKING =
  /^(?:what|how|why|when|where|who|whom|whose|which|can|could|do|does|did|is|are|was|were|should|shall|will|would|may|might|must|have|has)\b/i;
const ZH_ASKING =
  /^(?:如何|怎么|怎麼|怎样|怎樣|为什么|為什麼|为何|為何|什么|什麼|哪|是否|能否|可否|可以|能不能|有没有|有沒有)|[吗嗎呢]$/;
const JA_ASKING = /(?:ですか|ますか|でしょうか|か)$/;

/** A question already, bar its mark: "How do I pay", "如何退款", "返品できますか". */
export function asksAlready(text: string): boolean {
  if (KANA.test(text)) return JA_ASKING.test(text);
  if (HAN.test(text)) return ZH_ASKING.test(text);
  return EN_ASKING.test(text);
}

const mark = (text: string) => (HAN.test(text) || KANA.test(text) ? '？' : '?');

/** Numbering and markup go; so does a closing colon or full stop. */
function bare(label: string): string {
  return label
    .replace(
      /^(?:#{1,6}\s+|\d+(?:\.\d+)*[.、]?\s*|[一二三四五六七八九十]+[、.]\s*|第[一二三四五六七八九十百\d]+[章节條条部分]\s*)/,
      '',
    )
    .replace(/[\s:：.。;；,，!！]+$/, '')
    .trim();
}

function lowerFirst(text: string): string {
  // "Delivery times" → "delivery times"; acronyms and names written in capitals stay ("FAQ", "iPhone").
  return /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
}

function englishQuestion(topic: string): string {
  const howTo = /^how to\s+(.+)$/i.exec(topic);
  if (howTo) return `How do I ${howTo[1]}?`;
  const words = topic.split(/\s+/);
  const last = words[words.length - 1] ?? '';
  const phrase = lowerFirst(topic);
  if (words.length === 1 && /ing$/i.test(last)) return `How does ${phrase} work?`;
  if (/[^su]s$/i.test(last) && !/(?:ss|us|is)$/i.test(last)) return `What are the ${phrase}?`;
  return `What is the ${phrase}?`;
}

/**
 * A labelled question written as a topic, asked in its language: "Delivery times" → "What are
 * the delivery times?", "Shipping" → "How does shipping work?", "配送时间" → "关于配送时间，有哪些说明？",
 * "送料" → "送料はどうなっていますか？". Empty when the topic holds no words. Only for text the
 * author marked as a question (`Q:`, `问：`), never for a heading.
 */
export function questionFromTopic(label: string, context = ''): string {
  const topic = bare(label);
  if (!topic) return '';
  if (endsAsQuestion(topic)) return topic;
  if (/^how to\s/i.test(topic)) return englishQuestion(topic);
  if (asksAlready(topic)) return `${topic}${mark(topic)}`;
  // A topic written in kanji only ("送料") is Japanese when the text under it is.
  const both = `${topic}\n${context}`;
  if (HAN.test(topic) || KANA.test(topic)) {
    if (KANA.test(both)) return `${topic}はどうなっていますか？`;
    return TRADITIONAL.test(both) ? `關於${topic}，有哪些說明？` : `关于${topic}，有哪些说明？`;
  }
  return englishQuestion(topic);
}

/** Makes a labelled question text a question; an existing one is kept as written. */
export function ensureQuestion(text: string, context = ''): string {
  const trimmed = text.trim();
  if (!trimmed || endsAsQuestion(trimmed)) return trimmed;
  return questionFromTopic(trimmed, context);
}
