import {
  makeDocx,
  makeLyingZipBombDocx,
  makePdf,
  makeScannedPdf,
  makeXlsx,
  makeZipBombDocx,
} from '@agent-console/server/test/fixtures/knowledge';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLocalMiner } from '../../../integrations/llm';
import { createOpenAiMiner } from '../../../integrations/llm/openai-miner';
import { sniffFile } from '../../../storage/file-type';
import { CHUNK, countTokens, splitFragments } from './chunker';
import { ExtractError, extractDocumentText, normaliseText } from './text-extract';

describe('text extraction', () => {
  it('reads the text layer of a real PDF', async () => {
    const text = await extractDocumentText(
      'pdf',
      makePdf(['Refund policy', 'Q: How long does a refund take?', 'A: Five working days.']),
    );
    expect(text).toContain('Refund policy');
    expect(text).toContain('Q: How long does a refund take?');
  });

  it('ends a scanned PDF (no text layer) with a readable reason', async () => {
    await expect(extractDocumentText('pdf', makeScannedPdf())).rejects.toThrow(/scanned/);
  });

  it('reads the paragraphs of a real DOCX, Chinese included', async () => {
    const text = await extractDocumentText('docx', makeDocx(['问：如何重置密码？', '答：在登录页点击“忘记密码”。']));
    expect(text).toContain('问：如何重置密码？');
    expect(text).toContain('答：在登录页点击“忘记密码”。');
  });

  it('reports a broken file as unreadable', async () => {
    const broken = makePdf(['x']).subarray(0, 60);
    await expect(extractDocumentText('pdf', broken)).rejects.toBeInstanceOf(ExtractError);
    await expect(extractDocumentText('docx', Buffer.from('PK\u0003\u0004garbage'))).rejects.toBeInstanceOf(
      ExtractError,
    );
  });

  it('normalises text as a line-by-line pass would (one space, lines trimmed, at most one blank line)', () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the reference drops control characters
    const controlButTabAndBreak = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
    const lineByLine = (text: string) =>
      text
        .replace(/\r\n?/g, '\n')
        .replace(controlButTabAndBreak, '')
        .split('\n')
        .map((l) => l.replace(/[ \t\u00a0\u3000]+/g, ' ').trim())
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
    const pieces = [
      'a',
      '问',
      ' ',
      '\t',
      '\n',
      '\r',
      '\r\n',
      '\u00a0',
      '\u3000',
      '\u2003',
      '\u2028',
      '\u0001',
      '\u007f',
      '\ufeff',
    ];
    expectSameOnTextsOf(pieces, normaliseText, lineByLine);
  });
});

describe('file type from bytes', () => {
  it('recognises PDF, DOCX and XLSX by content', async () => {
    expect(await sniffFile(makePdf(['a']), 'a.pdf')).toEqual({ ok: true, kind: 'pdf' });
    expect(await sniffFile(makeDocx(['a']), 'a.docx')).toEqual({ ok: true, kind: 'docx' });
    expect(await sniffFile(await makeXlsx([['q', 'a']]), 'a.xlsx')).toEqual({ ok: true, kind: 'xlsx' });
  });

  it('refuses an .exe renamed .pdf, a PDF renamed .docx and a zip bomb renamed .docx', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
    expect(await sniffFile(exe, 'invoice.pdf')).toEqual({ ok: false, reason: 'unknownType' });
    expect(await sniffFile(makePdf(['a']), 'a.docx')).toEqual({ ok: false, reason: 'mismatch' });
    expect(await sniffFile(makeZipBombDocx(), 'bomb.docx')).toEqual({ ok: false, reason: 'zipBomb' });
    expect(await sniffFile(makeLyingZipBombDocx(), 'liar.docx')).toEqual({ ok: false, reason: 'zipBomb' });
  });

  it('answers a file of 0 to 3 bytes without throwing', async () => {
    for (const n of [0, 1, 2, 3]) {
      expect(await sniffFile(Buffer.from('PK\u0003'.slice(0, n), 'latin1'), 'a.docx')).toEqual({
        ok: false,
        reason: 'unknownType',
      });
    }
  });
});

describe('fragments', () => {
  const paragraph = (n: number) => `Paragraph ${n}. ${'The service keeps every order record for audit. '.repeat(12)}`;

  it('keeps fragments within about 500–1000 tokens, with overlap, split at headings', () => {
    const text = Array.from({ length: 30 }, (_, i) =>
      i % 6 === 0 ? `Chapter ${i / 6 + 1}\n\n${paragraph(i)}` : paragraph(i),
    ).join('\n\n');
    const fragments = splitFragments(text);
    expect(fragments.length).toBeGreaterThan(3);
    for (const f of fragments.slice(0, -1)) {
      expect(f.tokens).toBeGreaterThanOrEqual(CHUNK.min - 100);
      expect(f.tokens).toBeLessThanOrEqual(CHUNK.max + CHUNK.overlap);
    }
    // The start of each fragment repeats the end of the one before.
    const [first, second] = fragments;
    const tail = first?.content.slice(-40) ?? '';
    expect(second?.content.includes(tail.trim().slice(-20))).toBe(true);
    expect(fragments.map((f) => f.seq)).toEqual(fragments.map((_, i) => i + 1));
  });

  it('is deterministic, so a re-run makes the same fragments', () => {
    const text = Array.from({ length: 12 }, (_, i) => paragraph(i)).join('\n\n');
    expect(splitFragments(text)).toEqual(splitFragments(text));
  });

  it('counts Chinese by character and English by word', () => {
    expect(countTokens('你好世界')).toBe(4);
    expect(countTokens('hello big world')).toBe(4);
  });

  it('counts tokens as the two regular expressions of the definition do', () => {
    const cjk = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/g;
    const byRegExp = (text: string) =>
      (text.match(cjk)?.length ?? 0) + Math.ceil((text.replace(cjk, ' ').match(/\S+/g)?.length ?? 0) * 1.3);
    const pieces = [
      'a',
      'word',
      '问',
      'カ',
      '한',
      '\uf900',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\ufeff',
      '\u0085',
      '\u000b',
      '\u1680',
      '\u200a',
      '\u200b',
      '\u2028',
      '\u202f',
      '\u205f',
      '\u180e',
      '😀',
      '.',
    ];
    expectSameOnTextsOf(pieces, countTokens, byRegExp);
  });
});

describe('local QA miner', () => {
  const miner = createLocalMiner();
  it('extracts Q:/A: and 问：/答： pairs, answers spanning lines', async () => {
    const pairs = await miner.mine({
      heading: null,
      content:
        'Q: What is the refund window?\nA: 30 days.\nWithin the same country.\n问：如何联系客服？\n答：拨打 400-123。',
    });
    expect(pairs).toEqual([
      { question: 'What is the refund window?', answer: '30 days.\nWithin the same country.' },
      { question: '如何联系客服？', answer: '拨打 400-123。' },
    ]);
  });

  it('extracts FAQ headings ending in a question mark', async () => {
    const pairs = await miner.mine({
      heading: null,
      content:
        'How do I reset my password?\nUse the link on the sign-in page.\n\nCan I change my email?\nYes, in settings.',
    });
    expect(pairs.map((p) => p.question)).toEqual(['How do I reset my password?', 'Can I change my email?']);
  });

  // Issue 32: "What are the delivery times?" was made up from the heading.
  it('makes no question from a heading over a paragraph', async () => {
    const pairs = await miner.mine({
      heading: null,
      content: '1. Delivery times\nOrders ship within two working days from our warehouse in Shenzhen.',
    });
    expect(pairs).toEqual([]);
  });

  // Issue 13: "Shipping" was stored as a question; issue 32: nor is one made up around it.
  it('never makes a heading the question: only the question the text asks is mined', async () => {
    const content = [
      '# Shipping',
      'We ship every order from our warehouse in Shenzhen by courier.',
      '',
      '## Returns',
      'Can I return an item I no longer want? Yes, within 30 days of delivery, unused and in its box.',
      '',
      '## Refund policy',
      'Refunds reach the original card within five working days.',
      '',
      '## How to track an order',
      'Open the order in your account and follow the courier link there.',
      '',
      '## 配送时间',
      '订单在两个工作日内从深圳仓库发出，节假日顺延。',
      '',
      '## 退貨說明',
      '商品須於收貨後三十天內寄回，並保持包裝完整。',
      '',
      '## 送料',
      '全国一律五百円です。一万円以上のご注文は無料になります。',
    ].join('\n');
    const pairs = await miner.mine({ heading: null, content });
    expect(pairs).toEqual([
      {
        question: 'Can I return an item I no longer want?',
        answer: 'Yes, within 30 days of delivery, unused and in its box.',
      },
    ]);
  });

  it('asks explicit Q: topics as questions too', async () => {
    const pairs = await miner.mine({
      heading: null,
      content: 'Q: Refund window\nA: 30 days.\n问：退款时间\n答：三天。',
    });
    expect(pairs.map((p) => p.question)).toEqual(['What is the refund window?', '关于退款时间，有哪些说明？']);
  });
});

describe('OpenAI-compatible miner', () => {
  it('sends the fragment and parses the strict Q/A answer', async () => {
    let sent: { model?: string; messages?: { content: string }[] } = {};
    const miner = createOpenAiMiner({
      baseUrl: 'http://llm.invalid/v1/',
      model: 'm1',
      apiKey: 'k',
      fetchImpl: async (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return new Response(JSON.stringify({ choices: [{ message: { content: 'Q: A?\nA: B.\n\nQ: C?\nA: D.' } }] }));
      },
    });
    const pairs = await miner.mine({ heading: 'H', content: 'text' });
    expect(sent.model).toBe('m1');
    expect(sent.messages?.[1]?.content).toContain('text');
    expect(pairs).toEqual([
      { question: 'A?', answer: 'B.' },
      { question: 'C?', answer: 'D.' },
    ]);
  });

  it('turns an HTTP failure into a readable reason', async () => {
    const miner = createOpenAiMiner({
      baseUrl: 'http://llm.invalid',
      model: 'm',
      fetchImpl: async () => new Response('no', { status: 503 }),
    });
    await expect(miner.mine({ heading: null, content: 'x' })).rejects.toThrow('HTTP 503');
  });
});

/** Checks that two functions agree on texts made of the given pieces (edge cases mixed at random). */
function expectSameOnTextsOf<R>(pieces: string[], actual: (text: string) => R, reference: (text: string) => R) {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
      const text = parts.join('');
      expect(actual(text)).toBe(reference(text));
    }),
    { numRuns: 2000 },
  );
}
