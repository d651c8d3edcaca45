import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { ANSWER_KINDS, askedKinds, heldKinds } from './answer-kinds';

describe('answer kinds', () => {
  it.each([
    ['How long does express delivery take?', ['⟨duration⟩']],
    ['退货要多久？', ['⟨duration⟩']],
    ['How soon will my refund arrive?', ['⟨duration⟩']],
    ['how quickly do you reply to tickets', ['⟨duration⟩']],
    ['when are you open', ['⟨time⟩']],
    ['and when is the shop open?', ['⟨time⟩']],
    ['my prepare output is gone when I run npm install', []],
    ['你们几点上班', ['⟨time⟩']],
    ['fastify v4 end date', ['⟨time⟩']],
    ['What is the release date of version 5?', ['⟨time⟩']],
    ['活动截止到哪一天？', ['⟨time⟩']],
    ['保修的日期怎么算', []],
    ['报名截止日期是几号', ['⟨time⟩']],
    ['Can I update the date format?', []],
    ['How much does express delivery cost?', ['⟨price⟩']],
    ['快递多少钱', ['⟨price⟩']],
    ['How much faster is pino than debug?', []],
    ['What does a paid plan cost for a team?', ['⟨price⟩']],
    ['What does the vendor charge for extended support?', ['⟨price⟩']],
    ['Is it free?', ['⟨price⟩']],
    ['What is the performance cost of source maps?', []],
    ['What does enabling source maps cost in performance?', []],
    ["What's the shipping cost?", ['⟨price⟩']],
    ['Who is in charge of security reports?', []],
    ['How do I reset the router?', []],
    ['What are your opening hours?', ['⟨time⟩']],
    ['你们的营业时间是什么？', ['⟨time⟩']],
    ['How many hours of battery does it have?', ['⟨duration⟩']],
  ])('"%s" asks for %j', (question, kinds) => {
    expect(askedKinds(question)).toEqual(kinds);
  });

  it.each([
    ['Delivery takes two to three days.', ['⟨duration⟩']],
    ['Orders arrive within 3 to 5 working days.', ['⟨duration⟩', '⟨time⟩']],
    ['Refunds take ten business days.', ['⟨duration⟩', '⟨time⟩']],
    ['收货后七天内可以退货。', ['⟨duration⟩']],
    ['We are open 9:00–18:00, Monday to Saturday.', ['⟨time⟩', '⟨time⟩', '⟨time⟩', '⟨time⟩']],
    ['工作日 9 点到 18 点营业。', ['⟨time⟩', '⟨time⟩', '⟨time⟩']],
    ['We are open 9–18 on weekdays.', ['⟨time⟩']],
    ['Orders placed before noon ship the same day.', ['⟨time⟩']],
    ['工作日上午九点到下午六点。', ['⟨time⟩', '⟨time⟩', '⟨time⟩', '⟨time⟩', '⟨time⟩']],
    ['十二点半开始午休。', ['⟨time⟩']],
    ['页面加载有一点慢，快一点吧。', []],
    ['Express costs ¥15, standard is free of charge.', ['⟨price⟩', '⟨price⟩']],
    ['Version 4.0.0 adds routes.', []],
    ['Quillstore is free software under the MIT license.', ['⟨price⟩']],
    ['There is no charge for the first store.', ['⟨price⟩']],
    ['Feel free to open an issue.', []],
    ['The team plan is USD 49, billed yearly.', ['⟨price⟩']],
    ['Pricing starts at 9.99/month.', ['⟨price⟩']],
    ['It costs 12 credits per run.', ['⟨price⟩']],
    ['退货不收取任何费用。', ['⟨price⟩']],
    ['Run it 3 times a day.', []],
    ['Closing the stream frees its memory.', []],
  ])('"%s" holds %j', (text, kinds) => {
    expect(heldKinds(text)).toEqual(kinds);
  });
});

describe('answer kinds in the test panel', () => {
  it('has words for every kind in every language', () => {
    for (const language of LANGUAGES) {
      const url = new URL(`../../../../../web/src/platform/i18n/locales/${language}/answer-test.json`, import.meta.url);
      const words = JSON.parse(readFileSync(url, 'utf8')) as { searched: { kind: Record<string, string> } };
      for (const { term } of ANSWER_KINDS)
        expect(words.searched.kind[term.slice(1, -1)], `${language} ${term}`).toBeTruthy();
    }
  });
});

/**
 * Every knowledge text is read for the kinds it holds when the agent's index is built, on the
 * event loop. A long run of digits (or of Chinese numerals) ending in no unit was scanned again
 * from every character of it: 32,000 digits took 15 s. The test's time limit catches a return.
 */
describe('the kinds a long run holds', () => {
  it('are found in one pass over the run', () => {
    for (const run of ['1', '0', '一', '1 ', '1.']) {
      const text = `${run.repeat(Math.ceil(50_000 / run.length))}元x`;
      expect(Array.isArray(heldKinds(text))).toBe(true);
    }
    expect(heldKinds(`${'1'.repeat(50_000)} 天`)).toEqual(['⟨duration⟩']);
  }, 20_000);
});
