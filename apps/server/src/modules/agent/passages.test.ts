import { describe, expect, it } from 'vitest';
import { pickPassages, REPLY_MAX_CHARS, splitSentences } from './passages';
import { questionWords } from './question-words';
import { replyLanguage } from './reply-language';

describe('splitSentences', () => {
  it('cuts at sentence ends and line breaks, keeping decimals, versions and closing quotes whole', () => {
    expect(splitSentences('Version 1.2 costs 3.5 euros. "Really?" she asked.\nNew line!')).toEqual([
      'Version 1.2 costs 3.5 euros.',
      '"Really?"',
      'she asked.',
      'New line!',
    ]);
    expect(splitSentences('收货后七天内可以退货。运费由买家承担；谢谢')).toEqual([
      '收货后七天内可以退货。',
      '运费由买家承担；',
      '谢谢',
    ]);
    expect(splitSentences('   \n\n')).toEqual([]);
  });
});

describe('pickPassages', () => {
  const fragment = (id: number, content: string, heading: string | null = null) => ({
    id,
    fileId: id * 10,
    fileName: `Doc ${id}`,
    heading,
    content,
  });

  it('keeps the sentences holding the question’s words, in document order, at most three a fragment', () => {
    const words = questionWords('delivery time to Berlin');
    const text =
      'Delivery to Berlin takes a day. We love cats. Berlin is big. Delivery time elsewhere is two days. Delivery is cheap. Berlin delivery is free.';
    const [passage] = pickPassages([fragment(1, text)], words);
    expect(passage?.text).toBe(
      'Delivery to Berlin takes a day. Delivery time elsewhere is two days. Berlin delivery is free.',
    );
  });

  it('gives the opening sentences of a fragment that matched by its heading alone', () => {
    const words = questionWords('warranty');
    const [passage] = pickPassages(
      [fragment(1, 'It lasts two years. Claims go to support. Nothing else.', 'Warranty')],
      words,
    );
    expect(passage?.text).toBe('It lasts two years. Claims go to support.');
  });

  it('never exceeds the reply budget, cutting only a single over-long first sentence', () => {
    const words = questionWords('refund');
    const long = `Refund ${'word '.repeat(400)}end.`;
    const passages = pickPassages([fragment(1, long), fragment(2, 'Refund in a week.')], words);
    const total = passages.reduce((n, p) => n + p.text.length, 0);
    expect(total).toBeLessThanOrEqual(REPLY_MAX_CHARS + 1);
    expect(passages[0]?.text.endsWith('…')).toBe(true);
  });

  it('joins CJK sentences without spaces', () => {
    const words = questionWords('退货运费');
    const [passage] = pickPassages([fragment(1, '退货运费由买家承担。退货需要七天。今天天气很好。')], words);
    expect(passage?.text).toBe('退货运费由买家承担。退货需要七天。');
  });
});

describe('replyLanguage', () => {
  it('tells the four languages apart', () => {
    expect(replyLanguage('How long?')).toBe('en');
    expect(replyLanguage('退货运费谁承担？这个问题')).toBe('zh-chs');
    expect(replyLanguage('退貨運費誰承擔？這個問題')).toBe('zh-cht');
    expect(replyLanguage('送料はいくらですか')).toBe('ja');
  });
});
