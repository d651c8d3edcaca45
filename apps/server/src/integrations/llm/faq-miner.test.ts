import { describe, expect, it } from 'vitest';
import { createLocalMiner } from './local-miner';
import { parseExplicitPairs } from './qa-format';

const miner = createLocalMiner();
const mine = (...lines: string[]) => miner.mine({ heading: null, content: lines.join('\n') });
/** As a DOCX arrives: one paragraph per line, blank lines between. */
const mineParagraphs = (...paragraphs: string[]) => miner.mine({ heading: null, content: paragraphs.join('\n\n') });

describe('local miner: labelled pairs', () => {
  it('reads every label style, the answer ending before the next question', async () => {
    expect(
      await mine(
        'Q: How long does delivery take?',
        'A: Three working days.',
        'Question: Can I pay by card?',
        'Answer: Yes, every major card.',
        'Q. Do you ship abroad?',
        'A. Only within the EU.',
        'Ｑ：Is gift wrapping free？',
        'Ａ：Yes, on request.',
      ),
    ).toEqual([
      { question: 'How long does delivery take?', answer: 'Three working days.' },
      { question: 'Can I pay by card?', answer: 'Yes, every major card.' },
      { question: 'Do you ship abroad?', answer: 'Only within the EU.' },
      { question: 'Is gift wrapping free？', answer: 'Yes, on request.' },
    ]);
  });

  // Issue 32: pairs written on one line became one QA holding all of them.
  it('separates pairs written on one line', async () => {
    expect(
      await mine('Q: How long does delivery take? A: Three days. Q: Can I pay by card? A: Yes. Q: Abroad? A: EU only.'),
    ).toEqual([
      { question: 'How long does delivery take?', answer: 'Three days.' },
      { question: 'Can I pay by card?', answer: 'Yes.' },
      { question: 'Abroad?', answer: 'EU only.' },
    ]);
    expect(await mine('问：如何重置密码？答：在登录页点击忘记密码。问：可以注销吗？答：可以。')).toEqual([
      { question: '如何重置密码？', answer: '在登录页点击忘记密码。' },
      { question: '可以注销吗？', answer: '可以。' },
    ]);
  });

  it('reads Chinese 问/答 and 问题/回答, mixed with Q/A, headings left out', async () => {
    expect(
      await mineParagraphs(
        '常见问题',
        '问：如何重置登录密码？',
        '答：在登录页点击“忘记密码”。',
        '问题：可以开发票吗？',
        '回答：可以，在订单页申请。',
        '付款问题',
        'Q：支持哪些付款方式？',
        'A：微信、支付宝和银行卡。',
      ),
    ).toEqual([
      { question: '如何重置登录密码？', answer: '在登录页点击“忘记密码”。' },
      { question: '可以开发票吗？', answer: '可以，在订单页申请。' },
      { question: '支持哪些付款方式？', answer: '微信、支付宝和银行卡。' },
    ]);
  });

  it('joins a question wrapped across PDF lines and keeps an answer that runs over several', async () => {
    expect(
      await mine(
        'Q: How do I connect the router to',
        'my modem?',
        'A: Use the yellow cable.',
        'Plug it into the WAN port.',
      ),
    ).toEqual([
      {
        question: 'How do I connect the router to my modem?',
        answer: 'Use the yellow cable.\nPlug it into the WAN port.',
      },
    ]);
  });

  it('ends an answer at a heading, which belongs to no pair', async () => {
    expect(
      await mineParagraphs(
        'Shipping',
        'Q: How long does delivery take?',
        'A: Three working days.',
        'Payment',
        'Q: Can I pay by card?',
        'A: Yes, every major card.',
      ),
    ).toEqual([
      { question: 'How long does delivery take?', answer: 'Three working days.' },
      { question: 'Can I pay by card?', answer: 'Yes, every major card.' },
    ]);
  });
});

describe('local miner: question lines', () => {
  it('gives one pair per numbered question, answers of several paragraphs kept whole up to a heading', async () => {
    expect(
      await mineParagraphs(
        'Router FAQ',
        '1. How do I reset the router?',
        'Hold the reset button for ten seconds.',
        'The lights blink twice when it restarts.',
        'Warranty',
        '2. How long is the warranty?',
        'Two years from the date of purchase.',
      ),
    ).toEqual([
      {
        question: 'How do I reset the router?',
        answer: 'Hold the reset button for ten seconds.\n\nThe lights blink twice when it restarts.',
      },
      { question: 'How long is the warranty?', answer: 'Two years from the date of purchase.' },
    ]);
  });

  it('reads question headings up to the next question or heading', async () => {
    expect(
      await mine(
        'Acme X200 Router - Product FAQ',
        '## Can I use the router abroad?',
        'Yes, it accepts 100 to 240 volts.',
        '## Specifications',
        'The X200 has four LAN ports and one WAN port for the modem.',
        '如何升级固件？',
        '在管理页面点击“升级”。',
      ),
    ).toEqual([
      { question: 'Can I use the router abroad?', answer: 'Yes, it accepts 100 to 240 volts.' },
      { question: '如何升级固件？', answer: '在管理页面点击“升级”。' },
    ]);
  });

  it('keeps the steps of an answer, which look like headings, inside it', async () => {
    const pairs = await mine(
      'How do I reset the router?',
      'Unplug the router',
      'Hold the reset button for ten seconds',
      'Plug it back in',
      'How long is the warranty?',
      'Two years.',
    );
    expect(pairs).toEqual([
      {
        question: 'How do I reset the router?',
        answer: 'Unplug the router\nHold the reset button for ten seconds\nPlug it back in',
      },
      { question: 'How long is the warranty?', answer: 'Two years.' },
    ]);
  });

  it('skips a question whose answer is empty', async () => {
    expect(
      await mine('Q: Is there a phone line?', 'A:', 'Q: How long does delivery take?', 'A: Three days.', 'Q: Abroad?'),
    ).toEqual([{ question: 'How long does delivery take?', answer: 'Three days.' }]);
    expect(await mine('Can I pay by card?', '## Payment', 'Do you ship abroad?', 'Only within the EU.')).toEqual([
      { question: 'Do you ship abroad?', answer: 'Only within the EU.' },
    ]);
  });

  it('counts a question asked twice once, with its first answer', async () => {
    expect(
      await mine(
        'Q: How long does delivery take?',
        'A: Three days.',
        'Q: how long does delivery take ?',
        'A: Five days.',
      ),
    ).toEqual([{ question: 'How long does delivery take?', answer: 'Three days.' }]);
    expect(
      await mine('Do you ship abroad?', 'Only within the EU.', 'Can I pay by card?', 'Do you ship abroad?', 'Yes.'),
    ).toEqual([{ question: 'Do you ship abroad?', answer: 'Only within the EU.' }]);
  });

  it('takes no question from a sentence wrapped across PDF lines or a line of several sentences', async () => {
    expect(
      await mine(
        'Many customers ask what the warranty covers and how they',
        'can claim it?',
        'Hold the button. Does the light blink?',
        'If not, call us.',
      ),
    ).toEqual([]);
  });
});

describe('local miner: no FAQ shape', () => {
  // Issue 32: "What is the acme X200 Router - Product FAQ?" was made from a title.
  it('makes no question from a title or a heading', async () => {
    expect(
      await mineParagraphs(
        'Acme X200 Router - Product FAQ',
        'Overview',
        'The X200 is a dual-band router for homes and small offices, with four LAN ports.',
        '1. Installation',
        'Place the router in a central spot and connect it to your modem with the yellow cable.',
        '配送时间',
        '订单在两个工作日内从深圳仓库发出，节假日顺延。',
      ),
    ).toEqual([]);
  });

  it('takes a question asked and answered in one line, but not a rhetorical one', async () => {
    expect(
      await mineParagraphs(
        'Returns',
        'Can I return an item I no longer want? Yes, within 30 days of delivery.',
        'Looking for speed? The X200 delivers it in every room.',
      ),
    ).toEqual([{ question: 'Can I return an item I no longer want?', answer: 'Yes, within 30 days of delivery.' }]);
  });
});

describe('parseExplicitPairs (the LLM format)', () => {
  it('keeps short lines inside an answer rather than taking them for headings', () => {
    expect(
      parseExplicitPairs('Q: How do I reset it?\nA: Do this.\nUnplug it\nWait a minute\n\nQ: Other?\nA: Yes.'),
    ).toEqual([
      { question: 'How do I reset it?', answer: 'Do this.\nUnplug it\nWait a minute' },
      { question: 'Other?', answer: 'Yes.' },
    ]);
  });
});
