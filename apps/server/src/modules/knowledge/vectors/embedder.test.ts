import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertDocument, insertQa } from '@agent-console/server/test/fixtures/answers';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { REFUSED_MARKER, useSynonymEmbeddings } from '@agent-console/server/test/fixtures/synonym-embeddings';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { knowledgeVectors } from '../../../db/schema';
import { createOpenAiEmbeddings } from '../../../integrations/embedding';
import { embedPending } from './embedder';
import { vectorStates } from './vector-state';

/**
 * The background writer of vectors, called directly (issue 33): batches, nothing asked twice, a
 * change of model re-embeds, a text the model refuses never holds up the others, and each
 * document's vector state.
 */
const peer = useSynonymEmbeddings();
const { t, admin } = useAdminApp();

beforeEach(async () => {
  // Each test starts with no vectors, whatever the one before wrote.
  await t.database.db.delete(knowledgeVectors);
  peer.received.length = 0;
});

const client = (model: string) => createOpenAiEmbeddings({ baseUrl: peer.baseUrl, model, timeoutMs: 10_000 });
const run = (model: string, batchSize = 2) =>
  embedPending({ db: t.database.db, embeddings: client(model), batchSize, pauseMs: 0 });

describe('embedPending', () => {
  it('embeds in batches, asks nothing twice, and re-embeds on a change of model', async () => {
    const customerId = await fixtures(t, admin).customer();
    for (let i = 0; i < 3; i++) await insertQa(t, { customerId, question: `Question ${i}?`, answer: `Answer ${i}.` });
    expect(await run('model-a')).toBeGreaterThanOrEqual(3);
    expect(peer.inputs().every((batch) => batch.length <= 2)).toBe(true);
    const calls = peer.inputs().length;
    expect(await run('model-a')).toBe(0);
    expect(peer.inputs().length).toBe(calls);
    const before = (await t.database.db.select().from(knowledgeVectors)).length;
    expect(before).toBeGreaterThanOrEqual(3);
    // A new model: every text again, each row keeping one vector.
    expect(await run('model-b')).toBe(before);
    const rows = await t.database.db.select().from(knowledgeVectors);
    expect(rows.length).toBe(before);
    expect(new Set(rows.map((r) => r.model))).toEqual(new Set(['model-b@native']));
  });

  it('stores a refused text as refused, embeds the rest of its batch, and shows it in the document state', async () => {
    const customerId = await fixtures(t, admin).customer();
    const { fileId } = await insertDocument(t, {
      customerId,
      name: 'Manual.pdf',
      fragments: ['Parcels arrive in three days.', `${REFUSED_MARKER} in one piece`, 'Refunds take a week.'],
    });
    expect((await vectorStates(t.database.db, 'model-c@native', [fileId])).get(fileId)).toEqual({
      embedded: 0,
      refused: 0,
      pending: 3,
    });
    await run('model-c', 3);
    expect((await vectorStates(t.database.db, 'model-c@native', [fileId])).get(fileId)).toEqual({
      embedded: 2,
      refused: 1,
      pending: 0,
    });
    // Refused once, not asked again until the text changes.
    const calls = peer.inputs().length;
    await run('model-c', 3);
    expect(peer.inputs().length).toBe(calls);
    const refused = await t.database.db
      .select()
      .from(knowledgeVectors)
      .where(eq(knowledgeVectors.model, 'model-c@native'));
    expect(refused.filter((r) => r.vector.byteLength === 0)).toHaveLength(1);
  });
});
