import { makeDocx } from '@agent-console/server/test/fixtures/knowledge';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { describe, expect, it } from 'vitest';
import { adminHarnessForFile, signIn } from './support/harness';

/**
 * Issue 13: the local QA miner turned headings into questions ("Shipping"); issue 32: nor may it
 * invent a question around a heading ("How does shipping work?"): only questions the document asks.
 */
// Jobs on: the uploaded document is processed and mined as in production.
const { h, admin } = adminHarnessForFile({ jobs: true });

const HEADINGS = ['Shipping', 'Returns', 'Opening hours'];

describe('QA mined from a document with headings', () => {
  it('lists only the questions the document asks, never a heading or a question made from one', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.goto('/knowledge/file');
    await page.getByTestId('knowledge-file-page').waitFor();
    const docx = makeDocx([
      'Shipping',
      'We ship every order from our warehouse in Shenzhen by courier, tracked to your door.',
      'Returns',
      'Can I return an item I no longer want? Yes, within 30 days of delivery, unused and in its box.',
      'Opening hours',
      'The shop opens from nine in the morning to six in the evening, Monday to Saturday.',
    ]);
    await page.locator('input[type=file]').first().setInputFiles({
      name: 'store-guide.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx,
    });
    const mined = async () => {
      const res = await h.t.call<{ list: { name: string; miningStatus: number; qaCount: number }[] }>(
        'POST',
        '/api/v3/knowledge/file/list/page',
        { token: admin(), body: { pageNum: 1, pageSize: 50, name: 'store-guide.docx' } },
      );
      const file = res.body.data.list.find((f) => f.name === 'store-guide.docx');
      return file?.miningStatus === 3 ? file.qaCount : 0;
    };
    await expect.poll(mined, { timeout: 30_000 }).toBe(1);

    await page.goto('/knowledge/qa');
    const questions = page.getByTestId('qa-page').locator('.ant-table-row strong');
    await expect.poll(() => questions.count()).toBe(1);
    const shown = await questions.allInnerTexts();
    expect(shown).toEqual(['Can I return an item I no longer want?']);
    for (const q of shown) {
      expect(q).toMatch(/\?$/);
      expect(HEADINGS).not.toContain(q);
    }
  });
});
