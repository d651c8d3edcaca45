import type { AnswerTestResult, KnowledgeFile } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertDocument, insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { useSynonymEmbeddings } from '@agent-console/server/test/fixtures/synonym-embeddings';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { knowledgeVectors, qaRecords } from '../../../db/schema';
import { createOpenAiEmbeddings } from '../../../integrations/embedding';
import { answer } from '../../agent/answer/agent';

/**
 * Issue 33, acceptance 2: a paraphrase that shares no word with its QA is found through the
 * vector side and answers, and is not found with embeddings off. The embedding model is a real
 * local HTTP server whose vectors encode a small synonym table; the vectors are written by the
 * console's background embedder, as in production. Runs on both databases.
 */
const peer = useSynonymEmbeddings();
const { t, admin, f } = useAdminApp(() => ({
  embeddings: createOpenAiEmbeddings({ baseUrl: peer.baseUrl, model: 'synonyms', timeoutMs: 10_000 }),
}));
let customerId: number;
let appId: number;
let cancelQa: number;

const PARAPHRASE = 'Ways to terminate a membership?';
const FILE_PAGE = '/api/v3/knowledge/file/list/page';

const vectorsOf = async (id: number) =>
  Number(
    (await t.database.db.select({ n: count() }).from(knowledgeVectors).where(eq(knowledgeVectors.customerId, id)))[0]
      ?.n ?? 0,
  );

beforeAll(async () => {
  customerId = await f.customer();
  appId = (await insertApp(t, { customerId })).id;
  cancelQa = await insertQa(t, {
    customerId,
    question: 'How do I cancel my subscription?',
    answer: 'Open Billing and choose Cancel plan.',
  });
  await insertQa(t, {
    customerId,
    question: 'How do I reset my password?',
    answer: 'Use Forgot password on the sign-in page.',
  });
  await insertQa(t, {
    customerId,
    question: 'When will my parcel arrive?',
    answer: 'Parcels arrive within three days.',
  });
  await waitUntil(
    () => vectorsOf(customerId),
    (n) => n === 3,
    30_000,
    'three vectors',
  );
});

const ask = async (question: string) => {
  const res = await t.call('POST', '/api/v3/knowledge/answer-test', {
    token: admin(),
    body: { customerId, appId, question },
  });
  expect(res.status).toBe(200);
  return res.body.data as AnswerTestResult;
};

describe('hybrid retrieval', () => {
  it('answers a paraphrase with no shared word through the vector side, and shows both ranks', async () => {
    const result = await ask(PARAPHRASE);
    expect(result.hybrid).toBe(true);
    expect(result.decision.reason).toBe('meaning');
    expect(result.answer).toMatchObject({
      step: 'qa',
      needsPerson: false,
      content: 'Open Billing and choose Cancel plan.',
    });
    expect(result.candidates[0]).toMatchObject({ kind: 'qa', id: cancelQa, wordRank: null, meaningRank: 1 });
    expect(result.candidates[0]?.similarity).toBeGreaterThanOrEqual(0.8);
  });

  it('tells Home the embedding model is configured and working', async () => {
    const res = await t.call<{ clients: { client: string }[] }>('GET', '/api/v3/monitor/model/status', {
      token: admin(),
    });
    expect(res.body.data.clients.find((c) => c.client === 'embedding')).toMatchObject({
      configured: true,
      state: 'closed',
    });
  });

  it('does not find it with embeddings off: the words alone hand over', async () => {
    const off = await answer(
      { db: t.database.db },
      { customerId, appId, messages: [{ role: 'user', content: PARAPHRASE }] },
    );
    expect(off).toMatchObject({ step: 'fallback', needsPerson: true });
    const on = await answer(
      { db: t.database.db, embeddings: createOpenAiEmbeddings({ baseUrl: peer.baseUrl, model: 'synonyms' }) },
      { customerId, appId, messages: [{ role: 'user', content: PARAPHRASE }] },
    );
    expect(on).toMatchObject({ step: 'qa', needsPerson: false });
  });

  it('keeps the decision by words where the words answer, and fuses the two rankings', async () => {
    const result = await ask('How do I reset my password?');
    expect(result.decision.reason).toBe('answer');
    expect(result.candidates[0]).toMatchObject({ wordRank: 1, meaningRank: 1 });
  });

  it('hands over when the closest by meaning is below the similarity bar', async () => {
    const result = await ask('Terminate?');
    expect(result.decision.reason).not.toBe('meaning');
    expect(result.answer.needsPerson).toBe(true);
  });

  it('shows each document’s vector state in the document list', async () => {
    const { fileId } = await insertDocument(t, {
      customerId,
      name: 'Shipping.pdf',
      fragments: ['Parcels arrive in three days.', 'A shipment can be tracked online.'],
    });
    const page = await waitUntil(
      async () =>
        (
          await t.call<{ list: KnowledgeFile[] }>('POST', FILE_PAGE, {
            token: admin(),
            body: { pageNum: 1, pageSize: 50 },
          })
        ).body.data.list.find((file) => file.id === fileId),
      (file) => file?.vectors?.pending === 0,
      30_000,
      'the document embedded',
    );
    expect(page?.vectors).toEqual({ embedded: 2, refused: 0, pending: 0 });
  });

  it('re-embeds an edited QA in the background, and never searches the vector of its old text', async () => {
    const before = peer.inputs().flat().length;
    await t.database.db
      .update(qaRecords)
      .set({ question: 'How do I get a refund?', answer: 'Write to billing within 30 days.' })
      .where(eq(qaRecords.id, cancelQa));
    // Until the new vector is written, the old one (of "cancel my subscription") no longer counts.
    const stale = await ask(PARAPHRASE);
    expect(stale.decision.reason).not.toBe('meaning');
    await waitUntil(
      async () => peer.inputs().flat().slice(before),
      (texts) => texts.includes('How do I get a refund?\nWrite to billing within 30 days.'),
      30_000,
      'the edited QA embedded',
    );
    const closest = await waitUntil(
      async () => (await ask('Can I have a reimbursement?')).candidates.find((c) => c.meaningRank === 1),
      (c) => c?.id === cancelQa,
      30_000,
      'the new vector searched',
    );
    expect(closest).toMatchObject({ wordRank: null });
    // Questions are embedded one at a time as they are asked; the knowledge's texts hold a line
    // break (question, answer): only the edited QA was embedded again.
    const knowledgeTexts = peer
      .inputs()
      .flat()
      .slice(before)
      .filter((text) => text.includes('\n'));
    expect(knowledgeTexts).toEqual(['How do I get a refund?\nWrite to billing within 30 days.']);
  }, 120_000);
});
