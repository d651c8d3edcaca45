import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { knowledgeVectors, users } from '@agent-console/server/test/db';
import { insertDocument, insertQa } from '@agent-console/server/test/fixtures/answers';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { type SynonymEmbeddings, startSynonymEmbeddings } from '@agent-console/server/test/fixtures/synonym-embeddings';
import { createOpenAiEmbeddings } from '@agent-console/server/test/internals';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAnswerTest } from './support/answer-test';
import { type Harness, openSignedIn, startHarness } from './support/harness';

/**
 * Issue 33 as a person sees it: with an embedding model, the Documents list shows how far each
 * document's vectors have come, and "Test a question" shows a paraphrase found by meaning, with
 * its rank by words, by meaning and fused; in English on a desktop and in Chinese on a phone.
 */
let h: Harness;
let peer: SynonymEmbeddings;
let fileId: number;
const PARAPHRASE = 'Ways to terminate a membership?';

beforeAll(async () => {
  peer = await startSynonymEmbeddings();
  h = await startHarness({
    embeddings: createOpenAiEmbeddings({ baseUrl: peer.baseUrl, model: 'synonyms', timeoutMs: 10_000 }),
  });
  const [admin] = await h.t.database.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, 'admin'));
  const customerId = admin?.customerId ?? 0;
  await insertQa(h.t, {
    customerId,
    question: 'How do I cancel my subscription?',
    answer: 'Open Billing and choose Cancel plan.',
  });
  ({ fileId } = await insertDocument(h.t, {
    customerId,
    name: 'Shipping.pdf',
    fragments: ['Parcels arrive in three days.', 'A shipment can be tracked online.'],
  }));
  await waitUntil(
    async () => (await h.t.database.db.select().from(knowledgeVectors)).length,
    (n) => n >= 3,
    30_000,
    'the knowledge embedded',
  );
});
afterAll(async () => {
  await h.close();
  await peer.close();
});

/** With SCREENSHOTS=1 the screens are saved to docs/screenshots, as responsive.spec.ts does. */
async function shot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

async function askParaphrase(page: Page) {
  await page.getByTestId('answer-test-open').click();
  expect(await askAnswerTest(page, PARAPHRASE)).toEqual({ reason: 'meaning', step: 'qa' });
  return page.getByTestId('answer-test-candidate-1');
}

describe('retrieval by meaning, as a person sees it', () => {
  it('en: the document’s vectors in the list, and a paraphrase found by meaning with its three ranks', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto('/knowledge/file');
    expect(await page.getByTestId(`vectors-${fileId}`).innerText()).toContain('Searchable by meaning');
    const top = await askParaphrase(page);
    expect(await page.getByTestId('answer-test-reason').innerText()).toContain('Answered by meaning');
    // The decision is measured against the thresholds of meaning, not those of words.
    expect(await page.getByTestId('answer-test-similarity-measure').getAttribute('data-passes')).toBe('true');
    expect(await page.getByTestId('answer-test-coverage').count()).toBe(0);
    expect(await top.getByTestId('answer-test-fused-rank').innerText()).toBe('Fused #1');
    expect(await top.getByTestId('answer-test-word-rank').innerText()).toBe('No shared words');
    expect(await top.getByTestId('answer-test-meaning-rank').innerText()).toBe('Meaning #1');
    expect(Number(await top.getByTestId('answer-test-similarity').innerText())).toBeGreaterThanOrEqual(0.8);
    expect(await page.getByTestId('answer-test-answer').innerText()).toContain('Open Billing and choose Cancel plan.');
    await top.scrollIntoViewIfNeeded();
    await shot(page, 'hybrid-test-panel-en');
  });

  it('zh-chs at 390 px: the same in Chinese, within the width', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/knowledge/file');
    expect(await page.getByTestId(`vectors-${fileId}`).innerText()).toContain('可按语义检索');
    const top = await askParaphrase(page);
    expect(await page.getByTestId('answer-test-reason').innerText()).toContain('按语义回答');
    expect(await top.getByTestId('answer-test-meaning-rank').innerText()).toBe('语义第 1');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await top.scrollIntoViewIfNeeded();
    await shot(page, 'hybrid-test-panel-zh-chs-390');
  });
});
