import { queryTerms } from './search-terms';

/**
 * Words customers and a business's FAQ use for the same thing in customer service, in English and
 * Chinese: "how many days until my parcel arrives" asks what "How long does shipping take?"
 * answers, "what is your phone number" what "Our hotline is …" says, "你们几点上班" what "营业时间"
 * gives. A question's word the knowledge never uses is also searched as the others of its group
 * (knowledge-index.ts, SERVICE_WORD_FACTOR), the way a misspelt word is searched as the words it
 * may misspell: a word the knowledge holds is searched as written only, so nothing changes where
 * the knowledge speaks the customer's words.
 *
 * Only words whose customer-service sense is their everyday one are here. General dictionaries
 * were tried and lost answers (docs/agent.md: WordNet's "module" is a faculty); so would words
 * like "package", "service", "address" or "support", whose sense in software documentation is
 * another, and they are left out.
 */
const GROUPS: readonly (readonly string[])[] = [
  ['hours', 'opening', 'open', 'closing', '营业', '营业时间', '上班', '开门', '下班', '关门', '営業'],
  ['return', 'returns', 'refund', 'refunds', '退货', '退款', '退换', '返品', '返金'],
  [
    'shipping',
    'delivery',
    'deliver',
    'ship',
    'shipment',
    'parcel',
    'courier',
    'arrive',
    'arrival',
    '快递',
    '发货',
    '配送',
    '物流',
    '包裹',
    '到货',
    '送达',
    '配送料',
    '発送',
  ],
  ['phone', 'telephone', 'hotline', '电话', '热线', '電話'],
  ['price', 'cost', 'fee', 'charge', 'pricing', '价格', '价钱', '费用', '收费', '運費', '料金', '値段'],
  ['pay', 'payment', '支付', '付款', '付钱', '支払い'],
  ['invoice', 'receipt', '发票', '收据', '領収書'],
  ['warranty', 'guarantee', '保修', '质保', '保証'],
  ['cancel', 'cancellation', '取消', 'キャンセル'],
  ['order', '订单', '注文'],
];

/** Each group as the terms the tokenizer makes of its words (stemmed, one term per word). */
const GROUP_TERMS: readonly (readonly string[])[] = GROUPS.map((words) => [
  ...new Set(
    words.flatMap((word) =>
      queryTerms(word)
        .filter((t) => !t.asks && !t.within)
        .map((t) => t.term),
    ),
  ),
]);

const BY_TERM = new Map<string, string[]>();
for (const group of GROUP_TERMS) {
  for (const term of group)
    BY_TERM.set(
      term,
      [...new Set([...(BY_TERM.get(term) ?? []), ...group])].filter((t) => t !== term),
    );
}

/** The other terms of the customer-service words `term` belongs with; none for any other term. */
export function serviceWordsOf(term: string): readonly string[] {
  return BY_TERM.get(term) ?? [];
}
