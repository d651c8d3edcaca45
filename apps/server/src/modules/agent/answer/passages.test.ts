import { describe, expect, it } from 'vitest';
import { searchedQuestion } from './message-question';
import { quotePassage, quoteTerms, REPLY_MAX_CHARS, splitSentences } from './passages';
import { replyLanguage } from './reply-language';
import { queryTerms } from './search-terms';

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

describe('quotePassage', () => {
  it('quotes a passage that fits the reply whole, line breaks kept', () => {
    const text = 'Open the lid.\nPress reset for five seconds.\nWait for the green light.';
    expect(quotePassage(text, queryTerms('reset'))).toBe(text);
  });

  it('of a longer passage, quotes the run of sentences holding most of the question, in document order', () => {
    const filler = 'We love cats and the weather is fine today. '.repeat(12);
    const text = `${filler}Delivery to Berlin takes a day. Berlin delivery is free. ${filler}`;
    const quote = quotePassage(text, queryTerms('delivery time to Berlin'));
    expect(quote).toContain('Delivery to Berlin takes a day. Berlin delivery is free.');
    expect(quote.length).toBeLessThanOrEqual(REPLY_MAX_CHARS + 1);
  });

  it('keeps the sentence holding most of the question, though later sentences each holding a word add up to more', () => {
    const intro = 'Our support policy covers every product. ';
    const key = 'Major releases are supported for six months after their release date. ';
    const tail = Array.from({ length: 30 }, (_, i) => `Release line ${i} follows the major schedule. `).join('');
    const quote = quotePassage(`${intro}${key}${tail}`, queryTerms('how long are major releases supported'));
    expect(quote).toContain('Major releases are supported for six months');
    expect(quote.length).toBeLessThanOrEqual(REPLY_MAX_CHARS + 1);
  });

  it('cuts a single over-long sentence at a word break, marked with …', () => {
    const quote = quotePassage(`Refund ${'word '.repeat(400)}end.`, queryTerms('refund'));
    expect(quote.length).toBeLessThanOrEqual(REPLY_MAX_CHARS + 1);
    expect(quote.endsWith('…')).toBe(true);
  });

  it('joins CJK sentences without spaces', () => {
    const text = `${'今天天气很好。'.repeat(60)}退货运费由买家承担。退货需要七天。${'今天天气很好。'.repeat(60)}`;
    expect(quotePassage(text, queryTerms('退货运费'))).toContain('退货运费由买家承担。退货需要七天。');
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

describe('quoteTerms', () => {
  it('quotes, for "how long", the sentence that gives a duration over one holding more of the words', () => {
    const filler = 'Releases are announced on the blog and in the newsletter of the project. '.repeat(8);
    const text = [
      filler,
      'Major releases are supported for a minimum of six months from their release date.',
      filler,
      'Every Fastify major release is tested against the Node.js release lines supported at the time of the Fastify release.',
      filler,
    ].join('\n');
    expect(text.length).toBeGreaterThan(REPLY_MAX_CHARS);
    const terms = quoteTerms(queryTerms('How long are Fastify major releases supported?'), () => 1);
    expect(terms.find((t) => t.term === '⟨duration⟩')?.weight).toBeGreaterThan(1);
    expect(quotePassage(text, terms)).toContain('six months');
  });

  it("quotes, for a follow-up, the sentence holding the follow-up's own words over those of the turn before", () => {
    const filler = 'The weather report says it will rain later today. '.repeat(16);
    const text = [
      filler,
      'Use a .npmignore file to keep files out of your npm package tarball when you publish it.',
      filler,
      'The following files are never excluded: package.json, README and LICENSE.',
      filler,
    ].join('\n');
    expect(text.length).toBeGreaterThan(REPLY_MAX_CHARS);
    const earlier = 'how do I keep files out of my npm package tarball when I publish?';
    const asked = searchedQuestion([earlier, 'and which ones are never excluded?']);
    expect(asked.earlier?.searched).toBe(earlier);
    expect(
      quotePassage(
        text,
        quoteTerms(asked.terms, () => 1),
      ),
    ).toContain('never excluded');
    // A follow-up with no words of its own is quoted by the earlier turn's words.
    const bare = searchedQuestion([earlier, 'and then?']);
    expect(
      quotePassage(
        text,
        quoteTerms(bare.terms, () => 1),
      ),
    ).toContain('.npmignore');
  });
});
