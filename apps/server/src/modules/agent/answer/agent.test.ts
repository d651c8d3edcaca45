import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertDocument, insertFolder, insertQa, setAgentItem } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { describe, expect, it } from 'vitest';
import { answer } from './agent';
import { BUILT_IN_FALLBACK } from './reply-language';

const { t, f } = useAdminApp();

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
    expect(exact.sources).toEqual([
      { kind: 'qa', qaId, question: 'What are your opening hours?', score: expect.any(Number) },
    ]);
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

  it('reads the decision thresholds on every answer', async () => {
    const { customerId, app, ask } = await setup();
    await insertQa(t, {
      customerId,
      question: 'What are your opening hours?',
      answer: 'We are open 9–18 on weekdays.',
    });
    const reworded = 'when are you open on weekdays';
    expect((await ask(reworded)).step).toBe('qa');
    await setAgentItem(t, app, 'minScore', '1');
    expect((await ask(reworded)).step).toBe('fallback');
    // The same question word for word still answers: qaMatchThreshold takes it as the same question.
    expect((await ask('What are your opening hours?')).step).toBe('qa');
    await setAgentItem(t, app, 'qaMatchThreshold', '0.5');
    expect((await ask('What are the usual opening hours?')).step).toBe('qa');
    await setAgentItem(t, app, 'qaMatchThreshold', '1');
    expect((await ask('What are the usual opening hours?')).step).toBe('fallback');
    await setAgentItem(t, app, 'minScore', '0.2');
    expect((await ask(reworded)).step).toBe('qa');
  });
});

describe('steps 2–3: passages from the knowledge base', () => {
  it('quotes the passage that answers, with its document as data and no sources line in the text', async () => {
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
    expect(result.content).toBe(SHIPPING[1]);
    expect(result.content).not.toContain('Sources:');
  });

  it('answers Chinese questions from Chinese documents', async () => {
    const { customerId, ask } = await setup();
    await insertDocument(t, {
      customerId,
      name: '售后政策.docx',
      fragments: ['收到商品后七天内可以无理由退货。退货运费由买家承担。我们的客服电话是 400-123-4567。'],
    });
    const result = await ask('退货运费谁承担？');
    expect(result.step).toBe('knowledge');
    expect(result.content).toContain('退货运费由买家承担。');
    expect(result.sources).toMatchObject([{ kind: 'document', name: '售后政策.docx' }]);
    expect(result.content).not.toContain('来源');
  });

  it('answers only from the app’s folders and their subfolders when set', async () => {
    const { customerId, app, ask } = await setup();
    const root = await insertFolder(t, { customerId, name: 'Root' });
    const sales = await insertFolder(t, { customerId, name: 'Sales', parentId: root });
    const salesEu = await insertFolder(t, { customerId, name: 'EU', parentId: sales });
    const internal = await insertFolder(t, { customerId, name: 'Internal', parentId: root });
    await insertDocument(t, {
      customerId,
      name: 'EU.pdf',
      fragments: ['Warranty claims in the EU are handled by the EU desk within two weeks.'],
      folderId: salesEu,
    });
    await insertDocument(t, {
      customerId,
      name: 'Internal.pdf',
      fragments: ['Internal laptops are replaced by the IT team every three years.'],
      folderId: internal,
    });
    const names = async (question: string) =>
      (await ask(question)).sources.flatMap((s) => (s.kind === 'document' ? [s.name] : []));
    const warranty = 'Who handles warranty claims in the EU?';
    const laptops = 'How often are internal laptops replaced?';
    expect(await names(warranty)).toEqual(['EU.pdf']);
    expect(await names(laptops)).toEqual(['Internal.pdf']);
    await setAgentItem(t, app, 'knowledgeFolders', String(sales));
    expect(await names(warranty)).toEqual(['EU.pdf']);
    expect(await names(laptops)).toEqual([]);
    await setAgentItem(t, app, 'knowledgeFolders', String(internal));
    expect(await names(warranty)).toEqual([]);
    expect(await names(laptops)).toEqual(['Internal.pdf']);
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
