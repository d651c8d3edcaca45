import { codePointLength, type LeadItem } from '@agent-console/contracts';
import { emailAddressPattern } from '../../../lib/email-address';

/**
 * Lead capture without an LLM (WAVE2 §6 "lead cleaning"): each item's example says what kind of
 * value it is, and that kind has a pattern. The kinds, tried on the example in this order:
 * - email:  `name@example.com`
 * - date:   `2024-06-01`, `2024/6/1`, `2024年6月1日`, `6月1日`, `01.06.2024`, `June 1`, `1 June 2024`
 * - amount: a number with a currency (`¥5000`, `5000元`, `3万`, `USD 1,200`, `1200 euros`)
 * - phone:  a Chinese mobile (`1[3-9]` + 9 digits, optionally `+86`), an international number
 *           (`+` or `00`, 8–15 digits), a Chinese landline (`010-12345678`)
 * - shape:  another example with digits and no spaces (an order or customer number, `SO20240101`):
 *           the same runs of letters and digits with the same separators
 * - label:  anything else (a name, a city): the item's own name in the message followed by a
 *           separator (`：`, `:`, `是`, `为`, `叫`, `is`), and the words after it up to the end of
 *           the clause
 * An item without an example takes its kind from words in its name or description (phone, 电话,
 * email, 邮箱, budget, 预算, date, 日期 …), else `label`. When an item's own pattern finds nothing,
 * the label rule is tried too ("预算：五千左右" still gives the budget).
 */
export type LeadKind = 'email' | 'date' | 'amount' | 'phone' | 'shape' | 'label';

export interface LeadRule {
  item: string;
  kind: LeadKind;
  /** The patterns of the kind (global); the first match in the message wins. */
  patterns: RegExp[];
  /** Turns a match into the stored value. */
  normalise: (match: string) => string | null;
}

export interface FoundLead {
  item: string;
  value: string;
}

/** The longest value stored (a clause, not a paragraph). */
export const LEAD_VALUE_MAX = 200;
/** How much of the message the label rule takes after the separator. */
const LABEL_VALUE_MAX = 50;

const MONTHS = 'jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec';
const MONTH_NAME = `(?:${MONTHS})[a-z]*\\.?`;
const CURRENCY_CODES = 'RMB|CNY|USD|EUR|GBP|JPY|HKD';
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const CURRENCY_AFTER = `万元|万|千元|千|元|块钱|块|美元|欧元|英镑|日元|港币|dollars?|euros?|pounds?|yuan|(?:${CURRENCY_CODES}|k)(?![a-z])`;

const PATTERNS: Record<Exclude<LeadKind, 'shape' | 'label'>, RegExp[]> = {
  email: [emailAddressPattern()],
  date: [
    /(?<!\d)\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)/g,
    /(?<!\d)\d{4}年\d{1,2}月\d{1,2}[日号號]?/g,
    /(?<!\d)\d{1,2}月\d{1,2}[日号號]/g,
    /(?<!\d)\d{1,2}[/.]\d{1,2}[/.](?:\d{4}|\d{2})(?!\d)/g,
    new RegExp(String.raw`\b${MONTH_NAME}\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b`, 'gi'),
    new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+${MONTH_NAME}(?:\s+\d{4})?\b`, 'gi'),
  ],
  amount: [
    new RegExp(String.raw`(?:[¥￥$€£]|(?:${CURRENCY_CODES})\s?)\s?(?:${NUMBER})\s?(?:万|千|k(?![a-z]))?`, 'gi'),
    new RegExp(String.raw`(?<![\d.,])(?:${NUMBER})\s?(?:${CURRENCY_AFTER})`, 'gi'),
  ],
  phone: [
    /(?<![\d+])(?:\+|00)[1-9][\d\s()-]{6,20}\d(?!\d)/g,
    /(?<![\d+])(?:(?:\+|00)86[\s-]?)?1[3-9]\d(?:[\s-]?\d){8}(?!\d)/g,
    /(?<!\d)0\d{2,3}[\s-]?\d{7,8}(?!\d)/g,
  ],
};

const HINTS: [Exclude<LeadKind, 'shape' | 'label'>, RegExp][] = [
  ['email', /e-?mail|邮箱|郵箱|邮件|郵件|メール/i],
  ['phone', /phone|mobile|tel|whats\s?app|电话|電話|手机|手機|联系方式|聯繫方式|携帯/i],
  ['amount', /budget|amount|price|cost|预算|預算|金额|金額|价格|價格|费用|費用|予算|金額/i],
  ['date', /date|birthday|when|日期|生日|时间|時間|何时|日付/i],
];

/** What kind of value an item is, from its example (then its name and description). */
export function leadKindOf(item: LeadItem): LeadKind {
  const example = item.example.trim();
  if (example) {
    if (matchesWhole(PATTERNS.email, example)) return 'email';
    if (firstMatch(PATTERNS.date, example)) return 'date';
    if (firstMatch(PATTERNS.amount, example)) return 'amount';
    if (phoneValue(firstMatch(PATTERNS.phone, example) ?? '')) return 'phone';
    if (/\d/.test(example) && /^[A-Za-z0-9#_./-]{1,40}$/.test(example)) return 'shape';
  }
  const words = `${item.item} ${item.description}`;
  for (const [kind, hint] of HINTS) if (hint.test(words)) return kind;
  return 'label';
}

/** The rule that finds an item's value in a message. */
export function leadRuleOf(item: LeadItem): LeadRule {
  const kind = leadKindOf(item);
  switch (kind) {
    case 'email':
      return { item: item.item, kind, patterns: PATTERNS.email, normalise: (m) => m.toLowerCase() };
    case 'phone':
      return { item: item.item, kind, patterns: PATTERNS.phone, normalise: phoneValue };
    case 'date':
    case 'amount':
      return { item: item.item, kind, patterns: PATTERNS[kind], normalise: (m) => m.trim() || null };
    case 'shape':
      return { item: item.item, kind, patterns: [shapePattern(item.example.trim())], normalise: (m) => m };
    case 'label':
      return { item: item.item, kind, patterns: [], normalise: (m) => m };
  }
}

/** Every item whose value the message states, by the patterns of docs/agent-runtime.md. */
export function extractByPattern(items: readonly LeadItem[], message: string): FoundLead[] {
  const found: FoundLead[] = [];
  for (const item of items) {
    if (!item.item.trim()) continue;
    const rule = leadRuleOf(item);
    let value: string | null = null;
    for (const pattern of rule.patterns) {
      for (const match of message.matchAll(new RegExp(pattern.source, pattern.flags))) {
        value = rule.normalise(match[0]);
        if (value) break;
      }
      if (value) break;
    }
    value ??= labelValue(item.item, message);
    if (value && codePointLength(value) <= LEAD_VALUE_MAX) found.push({ item: item.item, value });
  }
  return found;
}

/** A phone number as digits (with its leading `+`), when it has a phone number's length. */
function phoneValue(match: string): string | null {
  const trimmed = match.trim();
  const international = /^(\+|00)/.test(trimmed);
  const digits = trimmed.replace(/\D/g, '').replace(/^00/, '');
  if (digits.length < 8 || digits.length > 15) return null;
  return international ? `+${digits}` : digits;
}

/**
 * The example's shape: its runs of letters and digits (letters in either case; a digit run of 6
 * or more may be two shorter or longer, order numbers grow) and its separators as they are.
 */
export function shapePattern(example: string): RegExp {
  const parts = example.match(/[A-Za-z]+|\d+|[^A-Za-z\d]/g) ?? [];
  const body = parts
    .map((part) => {
      if (/^[A-Za-z]+$/.test(part)) return `[A-Za-z]{${part.length}}`;
      if (/^\d+$/.test(part)) {
        return part.length >= 6 ? `\\d{${part.length - 2},${part.length + 2}}` : `\\d{${part.length}}`;
      }
      return escapeRegExp(part);
    })
    .join('');
  return new RegExp(`(?<![A-Za-z0-9])${body}(?![A-Za-z0-9])`, 'g');
}

/** Words of a question: "公司是什么？" asks for the item rather than stating it. */
const QUESTION = /[?？]|什么|什麼|吗|嗎|哪|多少|なに|何|\b(?:what|which|where|how|who)\b/i;

/**
 * The label rule: "<item>: value", "<item>是value", "my <item> is value" — the clause after the
 * separator, unless the clause is a question.
 */
function labelValue(itemName: string, message: string): string | null {
  const name = escapeRegExp(itemName.trim());
  const pattern = new RegExp(
    `${name}\\s*(?:[:：=]|是|为|為|叫|は|is\\b|are\\b)\\s*([^,，。.!！?？;；、\\n]{1,${LABEL_VALUE_MAX}})([?？]?)`,
    'i',
  );
  const match = pattern.exec(message);
  const value = match?.[1]?.trim();
  if (!value || match?.[2] || QUESTION.test(value)) return null;
  return value;
}

function firstMatch(patterns: RegExp[], text: string): string | null {
  for (const pattern of patterns) {
    const match = new RegExp(pattern.source, pattern.flags).exec(text);
    if (match) return match[0];
  }
  return null;
}

function matchesWhole(patterns: RegExp[], text: string): boolean {
  return firstMatch(patterns, text) === text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
