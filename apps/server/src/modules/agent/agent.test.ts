import { insertDocument, insertFolder, insertQa, setAgentItem } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from './agent';
import { splitSentences } from './passages';
import { BUILT_IN_FALLBACK } from './reply-language';

let t: TestApp;
let f: ReturnType<typeof fixtures>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAdmin();
  f = fixtures(t, () => admin);
});
afterAll(() => t.close());

/** A fresh customer with one app, so every test sees only its own knowledge. */
async function setup() {
  const customerId = await f.customer();
  const app = await insertApp(t, { customerId });
  const ask = (question: string, history: { role: 'user' | 'assistant'; content: string }[] = []) =>
    answer(
      { db: t.database.db },
      { customerId, appId: app.id, messages: [...history, { role: 'user', content: question }] },
    );
  return { customerId, app: { id: app.id, customerId }, ask };
}

const SHIPPING = [
  'Orders placed before noon leave our warehouse the same day. We pack every order in recycled boxes.',
  'Delivery within Germany takes two working days. Delivery to Berlin usually takes one working day. ' +
    'Our office cat is called Mila. Express delivery costs 9 euros.',
];

describe('step 1: QA match', () => {
  it('answers with the customer’s QA whose question is most like the question, at or above the threshold', async () => {
    const { customerId, ask } = await setup();
    const qaId = await insertQa(t, {
      customerId,
      question: 'What are your opening hours?',
      answer: 'We are open 9–18 on weekdays.',
    });
    await insertQa(t, { customerId, question: 'Do you ship abroad?', answer: 'Yes, to all EU countries.' });
    const exact = await ask('What are your opening hours?');
    expect(exact).toMatchObject({ content: 'We are open 9–18 on weekdays.', needsPerson: false, step: 'qa' });
    expect(exact.sources).toEqual([{ kind: 'qa', qaId, question: 'What are your opening hours?', score: 1 }]);
    // Reworded: the function words differ, the words that matter do not.
    expect((await ask('when are the opening hours')).content).toBe('We are open 9–18 on weekdays.');
    // The question is the last user turn, not an earlier one.
    const followUp = await ask('Do you ship abroad?', [
      { role: 'user', content: 'What are your opening hours?' },
      { role: 'assistant', content: 'We are open 9–18 on weekdays.' },
    ]);
    expect(followUp.content).toBe('Yes, to all EU countries.');
  });

  it('matches Chinese questions by their words', async () => {
    const { customerId, ask } = await setup();
    await insertQa(t, { customerId, question: '你们的营业时间是什么？', answer: '工作日上午九点到下午六点。' });
    const result = await ask('营业时间是几点？');
    expect(result).toMatchObject({ content: '工作日上午九点到下午六点。', step: 'qa' });
    expect(result.sources[0]?.kind === 'qa' && result.sources[0].score).toBeGreaterThanOrEqual(0.6);
  });

  it('never answers with another customer’s QA, or one of a disabled or recycled document', async () => {
    const { customerId, ask } = await setup();
    const other = await f.customer();
    await insertQa(t, {
      customerId: other,
      question: 'What is the secret discount code?',
      answer: 'OTHER-CUSTOMER-CODE',
    });
    const disabled = await insertDocument(t, {
      customerId,
      name: 'Old prices.pdf',
      fragments: ['Prices of 2019.'],
      enabled: false,
    });
    await insertQa(t, {
      customerId,
      question: 'How much is the basic plan?',
      answer: 'DISABLED-ANSWER',
      fileId: disabled.fileId,
    });
    const recycled = await insertDocument(t, { customerId, name: 'Recycled.pdf', fragments: ['Gone.'], deleted: true });
    await insertQa(t, {
      customerId,
      question: 'Is there a student price?',
      answer: 'RECYCLED-ANSWER',
      fileId: recycled.fileId,
    });
    for (const question of [
      'What is the secret discount code?',
      'How much is the basic plan?',
      'Is there a student price?',
    ]) {
      const result = await ask(question);
      expect(result.step, question).toBe('fallback');
      expect(result.content).not.toMatch(/OTHER-CUSTOMER-CODE|DISABLED-ANSWER|RECYCLED-ANSWER/);
    }
  });

  it('reads qaMatchThreshold on every answer', async () => {
    const { customerId, app, ask } = await setup();
    await insertQa(t, {
      customerId,
      question: 'What are your opening hours?',
      answer: 'We are open 9–18 on weekdays.',
    });
    const loose = 'What are your opening hours on public holidays?';
    expect((await ask(loose)).step).toBe('qa');
    await setAgentItem(t, app, 'qaMatchThreshold', '1');
    expect((await ask(loose)).step).toBe('fallback');
    // An identical question still reaches 1.
    expect((await ask('What are your opening hours?')).step).toBe('qa');
    await setAgentItem(t, app, 'qaMatchThreshold', '0.6');
    expect((await ask(loose)).step).toBe('qa');
  });
});

describe('steps 2–3: passages from the knowledge base', () => {
  it('replies with whole sentences of the most relevant fragments and cites their documents', async () => {
    const { customerId, ask } = await setup();
    const doc = await insertDocument(t, { customerId, name: 'Shipping guide.pdf', fragments: SHIPPING });
    await insertDocument(t, { customerId, name: 'Returns.pdf', fragments: ['Returns are free within 30 days.'] });
    const result = await ask('How long does delivery to Berlin take?');
    expect(result.step).toBe('knowledge');
    expect(result.needsPerson).toBe(false);
    expect(result.sources).toEqual([
      {
        kind: 'document',
        fileId: doc.fileId,
        name: 'Shipping guide.pdf',
        fragmentIds: [doc.fragmentIds[1]],
        score: expect.any(Number),
      },
    ]);
    const [body, citation] = result.content.split('\n\n');
    expect(citation).toBe('Sources: Shipping guide.pdf');
    expect(body).toContain('Delivery to Berlin usually takes one working day.');
    // Only sentences that hold the question's words, each whole, none about the cat.
    expect(body).not.toContain('Mila');
    const sentences = new Set(SHIPPING.flatMap(splitSentences));
    for (const sentence of splitSentences(body ?? '')) expect(sentences.has(sentence), sentence).toBe(true);
  });

  it('answers Chinese questions from Chinese documents, citing them in Chinese', async () => {
    const { customerId, ask } = await setup();
    await insertDocument(t, {
      customerId,
      name: '售后政策.docx',
      fragments: ['收到商品后七天内可以无理由退货。退货运费由买家承担。我们的客服电话是 400-123-4567。'],
    });
    const result = await ask('退货运费谁承担？');
    expect(result.step).toBe('knowledge');
    expect(result.content).toContain('退货运费由买家承担。');
    expect(result.content).toContain('来源：售后政策.docx');
    expect(result.content).not.toContain('400-123-4567');
  });

  it('draws on topK fragments, restricted to the app’s folders and their subfolders when set', async () => {
    const { customerId, app, ask } = await setup();
    const root = await insertFolder(t, { customerId, name: 'Root' });
    const sales = await insertFolder(t, { customerId, name: 'Sales', parentId: root });
    const salesEu = await insertFolder(t, { customerId, name: 'EU', parentId: sales });
    const internal = await insertFolder(t, { customerId, name: 'Internal', parentId: root });
    const text = (who: string) => `Warranty claims are handled by ${who}. The warranty lasts two years.`;
    await insertDocument(t, { customerId, name: 'Sales.pdf', fragments: [text('the sales team')], folderId: sales });
    await insertDocument(t, { customerId, name: 'EU.pdf', fragments: [text('the EU desk')], folderId: salesEu });
    await insertDocument(t, { customerId, name: 'Internal.pdf', fragments: [text('legal')], folderId: internal });
    const names = async () =>
      (await ask('How long does the warranty last?')).sources
        .flatMap((s) => (s.kind === 'document' ? [s.name] : []))
        .sort();
    expect(await names()).toEqual(['EU.pdf', 'Internal.pdf', 'Sales.pdf']);
    await setAgentItem(t, app, 'topK', '1');
    expect(await names()).toHaveLength(1);
    await setAgentItem(t, app, 'topK', '5');
    await setAgentItem(t, app, 'knowledgeFolders', String(sales));
    expect(await names()).toEqual(['EU.pdf', 'Sales.pdf']);
    await setAgentItem(t, app, 'knowledgeFolders', String(internal));
    expect(await names()).toEqual(['Internal.pdf']);
  });

  it('skips documents that are disabled, recycled, still processing or another customer’s', async () => {
    const { customerId, ask } = await setup();
    const fragments = ['The loyalty programme gives one point per euro spent.'];
    await insertDocument(t, { customerId, name: 'Disabled.pdf', fragments, enabled: false });
    await insertDocument(t, { customerId, name: 'Recycled.pdf', fragments, deleted: true });
    await insertDocument(t, { customerId, name: 'Processing.pdf', fragments, processStatus: 'processing' });
    await insertDocument(t, { customerId: await f.customer(), name: 'Theirs.pdf', fragments });
    expect((await ask('How does the loyalty programme work?')).step).toBe('fallback');
  });
});

describe('step 4: nothing relevant', () => {
  it('answers the built-in sentence in the question’s language and asks for a person', async () => {
    const { customerId, ask } = await setup();
    await insertDocument(t, { customerId, name: 'Shipping guide.pdf', fragments: SHIPPING });
    // One word in common (delivery) of three that matter is not enough.
    const en = await ask('Is drone delivery allowed on Mars?');
    expect(en).toMatchObject({ content: BUILT_IN_FALLBACK.en, sources: [], needsPerson: true, step: 'fallback' });
    expect(en.usage).toEqual({ units: 1, promptTokens: null, completionTokens: null });
    expect((await ask('火星上的天气怎么样？')).content).toBe(BUILT_IN_FALLBACK['zh-chs']);
    expect((await ask('火星上的天氣怎麼樣？這個問題')).content).toBe(BUILT_IN_FALLBACK['zh-cht']);
    expect((await ask('火星の天気はどうですか？')).content).toBe(BUILT_IN_FALLBACK.ja);
  });

  it('answers the app’s fallbackReply when it has one', async () => {
    const { app, ask } = await setup();
    await setAgentItem(t, app, 'fallbackReply', 'Please call us on 030 1234.');
    expect(await ask('Is drone delivery allowed on Mars?')).toMatchObject({
      content: 'Please call us on 030 1234.',
      needsPerson: true,
    });
  });

  it('a conversation without a user question falls back', async () => {
    const { customerId, app } = await setup();
    const result = await answer(
      { db: t.database.db },
      {
        customerId,
        appId: app.id,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: '   ' },
        ],
      },
    );
    expect(result).toMatchObject({ step: 'fallback', needsPerson: true });
  });
});
