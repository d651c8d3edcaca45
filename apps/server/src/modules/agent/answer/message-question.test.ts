import { AGENT_CHAT_MESSAGE_MAX, APP_API_MESSAGE_MAX } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { messageQuestion, searchedQuestion } from './message-question';

/** Each message and what is searched of it. */
function expectQuestions(cases: readonly (readonly [string, string])[]): void {
  for (const [message, question] of cases) expect(messageQuestion(message), message).toBe(question);
}

describe('the question in a message: sign-offs', () => {
  it('drops a farewell and the signature after it, when no sentence asks', () => {
    expectQuestions([
      ['Best regards, Tom Miller, Head of IT', ''],
      ['The app crashes on start.\nBest regards,\nTom Miller\nHead of IT', 'The app crashes on start.'],
      ['The export fails.\n\nKind regards\nAnna Schmidt\nAcme GmbH', 'The export fails.'],
      ['The export fails. Yours sincerely, John Smith', 'The export fails.'],
      ['Sent from my iPhone', ''],
      ['The export fails.\n\nSent from my iPhone', 'The export fails.'],
      ['The export fails.\nLooking forward to your reply.\nRegards, Li', 'The export fails.'],
      ['祝好', ''],
      ['此致敬礼', ''],
      ['打印机无法连接。祝好，李明', '打印机无法连接。'],
      ['导出失败了。\n此致\n敬礼\n王伟\n某某科技有限公司', '导出失败了。'],
      ['导出失败了。期待您的回复！', '导出失败了。'],
    ]);
  });

  it('drops a thanks when only a name, title or company follows it', () => {
    expectQuestions([
      ['Thanks, Anna', ''],
      ['Cheers', ''],
      ['The app crashes on start. Thanks, Anna', 'The app crashes on start.'],
      ['The export fails. Cheers', 'The export fails.'],
      ['The export fails.\nThank you!\nTom Miller - IT Manager, Acme Ltd.', 'The export fails.'],
      ['The export fails. thx - mike', 'The export fails.'],
      ['谢谢！张伟', ''],
      ['打印机无法连接。谢谢！张伟', '打印机无法连接。'],
      ['打印机无法连接。多谢\n王经理', '打印机无法连接。'],
    ]);
  });

  it('keeps what a thanks or a farewell opens when it says more, and a question after a sign-off', () => {
    expectQuestions([
      ['Thanks, the export works now but the import fails.', 'the export works now but the import fails.'],
      ['Best practice for rotating pino logs?', 'Best practice for rotating pino logs?'],
      ['Is there a way to cancel? Cheers, Tom', 'Is there a way to cancel?'],
      ['Best regards, Tom\nP.S. does it work on macOS?', 'does it work on macOS?'],
      ['Sent from my iPhone, does that matter?', 'Sent from my iPhone, does that matter?'],
      ['谢谢！发票呢', '发票呢'],
      ['谢谢！打印机无法连接', '打印机无法连接'],
    ]);
  });
});

describe('the question in a message: salutations', () => {
  it('drops whom a message is addressed to', () => {
    expectQuestions([
      ['Dear support, the invoice is missing.', 'the invoice is missing.'],
      ['Dear Sir or Madam,\nthe invoice is missing.', 'the invoice is missing.'],
      ['Dear Ms Smith: the invoice is missing.', 'the invoice is missing.'],
      ['To whom it may concern: the invoice is missing.', 'the invoice is missing.'],
      ['Hello support team, the router keeps rebooting.', 'the router keeps rebooting.'],
      ['Hi Anna, the router is broken.', 'the router is broken.'],
      ['Dear support, how do I reset the router?', 'how do I reset the router?'],
      ['尊敬的客服：发票没有收到。', '发票没有收到。'],
      ['亲爱的客服，发票没有收到。', '发票没有收到。'],
      ['客服您好，发票没有收到。', '发票没有收到。'],
      ['王经理您好：请问发票怎么开？', '请问发票怎么开?'],
      ['尊敬的客服\n发票没有收到。', '发票没有收到。'],
    ]);
  });

  it('keeps a greeting followed by what is asked', () => {
    expectQuestions([
      ['Hi, how do I reset the router?', 'how do I reset the router?'],
      ['Hi how do I reset the router', 'how do I reset the router'],
      ['Hey, is the API down?', 'is the API down?'],
      ['尊敬的客服退款怎么办', '尊敬的客服退款怎么办'],
      [
        'Invoice attached. Separate question: which address do I send reports to?',
        'which address do I send reports to?',
      ],
      ['Quick question, can I pay by card?', 'can I pay by card?'],
      ['One more question - is the API down?', 'is the API down?'],
      ['发票已附上。另外一个问题：怎么退款？', '怎么退款?'],
      ['Is the question field required?', 'Is the question field required?'],
    ]);
  });
});

describe('the question in a message: self-introductions', () => {
  it('drops who writes, and keeps the rest of the clause', () => {
    expectQuestions([
      ['我是张三，发票没有收到。', '发票没有收到。'],
      ['我叫李明，来自某某公司，发票没有收到。', '发票没有收到。'],
      ['我是某某公司的张三，请问发票怎么开？', '请问发票怎么开?'],
      ['我是来自某某科技有限公司的王伟，导出失败了。', '导出失败了。'],
      ['本人王伟，导出失败了。', '导出失败了。'],
      ['My name is Tom and the export fails.', 'the export fails.'],
      ['my name is tom, the export fails.', 'the export fails.'],
      ["I'm Tom from Acme Ltd and our router keeps rebooting.", 'our router keeps rebooting.'],
      ['I am Anna Schmidt, the invoice is wrong.', 'the invoice is wrong.'],
      ['This is Anna from Acme, the invoice is wrong.', 'the invoice is wrong.'],
    ]);
  });

  it('keeps "I am…" and "我是…" that say something else than a name', () => {
    expectQuestions([
      ['I am using Windows 11, how do I install it?', 'I am using Windows 11, how do I install it?'],
      [
        'I am trying to install exceljs, but how do I add a chart?',
        'I am trying to install exceljs, but how do I add a chart?',
      ],
      ['This is broken, how do I fix it?', 'This is broken, how do I fix it?'],
      ['我是学生，可以打折吗？', '我是学生, 可以打折吗?'],
      ['我是新用户，怎么注册？', '我是新用户, 怎么注册?'],
    ]);
  });
});

describe('the question in a message: requests to be contacted', () => {
  it('drops the request with the address or number it gives', () => {
    expectQuestions([
      ['The invoice is missing. Please email a@b.example', 'The invoice is missing.'],
      ['The invoice is missing. Please email me at a@b.example', 'The invoice is missing.'],
      ['Please email j.meyer@example.com, the export fails.', 'the export fails.'],
      ['The export fails. You can reach me on +44 7700 900123 or tom@acme.example.', 'The export fails.'],
      ['Could you send the quote to a@b.example?', 'Could you send the quote?'],
      ['导出失败了，请发邮件到 wang@example.cn', '导出失败了'],
      ['导出失败了。请联系我：13812345678', '导出失败了。'],
      ['有问题请打电话给我 138 1234 5678', '有问题'],
      ['请把报价发到a@b.example', '请把报价'],
    ]);
  });

  it('keeps a contact word that speaks of the thing', () => {
    expectQuestions([
      ['My phone keeps rebooting, what should I do?', 'My phone keeps rebooting, what should I do?'],
      ['My email address is not verified, why?', 'My email address is not verified, why?'],
      ['Ticket status?', 'Ticket status?'],
      ['My phone is 138 1234 5678, how much does express delivery cost?', 'how much does express delivery cost?'],
    ]);
  });
});

describe('the question in a message: ids', () => {
  it('takes an order or ticket number out whole, with its dashes, slashes and letters', () => {
    expectQuestions([
      ['Our order 4711-2025 from 3 May: the parcel is damaged.', 'Our order from : the parcel is damaged.'],
      ['Order 4711-2025 never arrived', 'Order never arrived'],
      ['Order SO-2025-0042 never arrived.', 'Order never arrived.'],
      ['Ticket #A7731 is still open.', 'Ticket is still open.'],
      ['The parcel with reference AB12/77C91 is damaged.', 'The parcel with reference is damaged.'],
      ['Invoice INV-2025/0042 is wrong.', 'Invoice is wrong.'],
      ['我的订单 4711-2025 还没到', '我的订单 还没到'],
      ['请问订单号 SO-2025-0042 什么时候发货？', '请问订单号 什么时候发货?'],
      ['工单#A7731 还没处理', '工单 还没处理'],
      ['运单号：SF1234567890，还没到', '还没到'],
    ]);
  });

  it('keeps model names, versions, charsets and counts', () => {
    expectQuestions([
      ['Does the RT-AX88U support mesh?', 'Does the RT-AX88U support mesh?'],
      ['Is ISO-8859-1 supported?', 'Is ISO-8859-1 supported?'],
      ['What changed in version 4.0.0?', 'What changed in version 4.0.0?'],
      ['Does it run on x86-64?', 'Does it run on x86-64?'],
      ['I want to order 3 routers, is there a discount?', 'I want to order 3 routers, is there a discount?'],
    ]);
  });
});

describe('the question in a message: everything else', () => {
  it('lets ordinary questions through unchanged', () => {
    for (const question of [
      'Can esm-loader import JSON modules?',
      'How long are Fastify major releases supported?',
      'why zustand over redux',
      'how do I stop async-validator printing warnings in the console',
      "p-limit or p-queue? what's the actual difference",
      'Can I reach 192.168.1.1 from the app?',
      'Thanks for the quick reply! Does it support Brotli?',
      'exceljs 在 IE 11 下还要额外加什么？',
      '表格主题可以自己定义吗',
      'Biome 一定要装 Node.js 才能跑吗？',
      '那冻结几列怎么设置？',
      'my order never arrived',
    ]) {
      const expected = question.normalize('NFKC').replace('Thanks for the quick reply! ', '');
      expect(messageQuestion(question), question).toBe(expected);
    }
  });

  it('finds the asking sentence by its colloquial Chinese question word too ("为啥", "咋", "啥")', () => {
    expect(messageQuestion('货款昨天已经付了。为啥还没发货')).toBe('为啥还没发货');
    expect(messageQuestion('我们换了新的路由器。密码咋改')).toBe('密码咋改');
    expect(messageQuestion('新版本已经装好了。默认端口是啥')).toBe('默认端口是啥');
  });

  it('never leaves a real question with nothing, and small talk may give nothing', () => {
    const noisy = [
      'How much does express delivery cost? My phone is 138 1234 5678 and my budget is ¥3000.',
      'Dear support,\nI am Tom from Acme Ltd.\nhow do I reset the router?\nBest regards,\nTom Miller\nHead of IT',
      '尊敬的客服：\n我是张三，来自某某公司。\n退货运费谁承担？\n此致\n敬礼\n张三',
      'Hi Anna, order SO-2025-0042: can I still change the address? Please email me at a@b.example. Thanks, Tom',
    ];
    for (const message of noisy) {
      const question = messageQuestion(message);
      expect(question, message).toMatch(/cost|router|运费|address/);
      expect(searchedQuestion([message]).searched).toBe(question);
    }
    for (const smallTalk of ['Hi!', 'Thanks!', 'Cheers', '谢谢！张伟', 'Best regards, Tom']) {
      expect(messageQuestion(smallTalk), smallTalk).toBe('');
    }
  });
});

/**
 * A message is the client's input, up to APP_API_MESSAGE_MAX characters through the app API, and
 * these patterns run on it on the event loop. Shapes that make a backtracking pattern go over a
 * long run again from every character (a run of spaces after a word that opens a pattern, long
 * runs of digits, letters, comma groups, dashes or dots) each come back at once; before the
 * patterns were made linear, the first of them took minutes, which the test's time limit catches.
 */
describe('the question in a hostile message', () => {
  it('is found in time linear in the message, whatever runs it holds', () => {
    const runOf = (opening: string, fill: string, tail: string, size: number) =>
      `${opening}${fill.repeat(Math.ceil(size / fill.length))}`.slice(0, size - tail.length) + tail;
    // [opening, run, tail, size]: most at the app API's limit; a bare run of spaces at the chat
    // message's (2,000), where the pattern it tripped took half a minute (eight times as long for
    // twice the spaces).
    const shapes: [string, string, string, number][] = [
      ['', ' ', 'x1', AGENT_CHAT_MESSAGE_MAX],
      ['order', ' ', 'x1', APP_API_MESSAGE_MAX],
      ['订单号', '\t', '1', APP_API_MESSAGE_MAX],
      ["I'm Tom", ' ', '元', APP_API_MESSAGE_MAX],
      ['My name is Tom', ' ', 'x', APP_API_MESSAGE_MAX],
      ['please email me', ' ', 'x', APP_API_MESSAGE_MAX],
      ['rmb', ' ', 'x', APP_API_MESSAGE_MAX],
      ['1', ' ', 'x1', APP_API_MESSAGE_MAX],
      ['', '1', 'x', APP_API_MESSAGE_MAX],
      ['1', ',111', '元x', APP_API_MESSAGE_MAX],
      ['', 'a', 'x', APP_API_MESSAGE_MAX],
      ['', '1-', 'A', APP_API_MESSAGE_MAX],
      ['', 'a.', '@', APP_API_MESSAGE_MAX],
      ['Dear', ' ', 'x,', APP_API_MESSAGE_MAX],
      ['谢谢', ' ', 'x1', APP_API_MESSAGE_MAX],
      ['my phone is ', '1', ' x', APP_API_MESSAGE_MAX],
    ];
    for (const [opening, fill, tail, size] of shapes) {
      const message = runOf(opening, fill, tail, size);
      expect(typeof messageQuestion(message), JSON.stringify([opening, fill, tail, size])).toBe('string');
    }
  }, 20_000);
});
