import { customers, knowledgeFiles, qaRecords } from '@agent-console/server/test/db';
import { makeDocx } from '@agent-console/server/test/fixtures/knowledge';
import { eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { askAnswerTest } from './support/answer-test';
import { harnessForFile, openAdminOn } from './support/harness';

/**
 * An administrator keeps each customer's knowledge from the Knowledge screens: a customer is
 * picked at the top (each customer's agents answer from their own knowledge), and what is added
 * lands there; in English and Chinese, and at 390 px.
 */
const h = harnessForFile({ jobs: true });
const ACME = 'Acme Logistics';
let acmeId: number;

beforeAll(async () => {
  const [root] = await h.t.database.db.select().from(customers).where(isNull(customers.parentId));
  if (!root) throw new Error('no root customer');
  const [acme] = await h.t.database.db
    .insert(customers)
    .values({ name: ACME, parentId: root.id, ancestors: [root.id] })
    .returning();
  acmeId = acme?.id ?? 0;
});

const adminOn = (path: string, lang: string, size?: { width: number; height: number }) =>
  openAdminOn(h, path, lang, size);

async function pickCustomer(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-tree-title', { hasText: name }).first().click();
}

describe('knowledge of a chosen customer', () => {
  it('adds a QA to the customer picked at the top, lists it there only, and tests it against that customer', async () => {
    const page = await adminOn('/knowledge/qa', 'en');
    const own = await h.t.database.db.select().from(customers).where(isNull(customers.parentId));
    const ownName = own[0]?.name ?? '';
    // The caller's own customer first.
    await page.getByTestId('qa-customer-switch').getByText(ownName).waitFor();
    await pickCustomer(page, 'qa-customer-switch', ACME);
    await expect.poll(() => new URL(page.url()).searchParams.get('customerId')).toBe(String(acmeId));

    await page.getByTestId('crud-create').click();
    // The dialog says where the new QA goes.
    await page.getByTestId('qa-dialog').getByText("A new QA goes into this customer's knowledge").waitFor();
    await page.getByTestId('qa-dialog').getByTestId('qa-customer').getByText(ACME).waitFor();
    await page.getByTestId('qa-question').fill('When does the loading dock open?');
    await page.getByTestId('qa-answer').fill('The loading dock opens at 6 am on weekdays.');
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('qa-dialog').waitFor({ state: 'detached' });
    await page.getByText('The loading dock opens at 6 am on weekdays.').waitFor();
    // A search keeps the customer picked at the top.
    await page.getByTestId('qa-keyword').fill('dock');
    await page.getByTestId('crud-search-submit').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe('dock');
    expect(new URL(page.url()).searchParams.get('customerId')).toBe(String(acmeId));
    await page.getByText('The loading dock opens at 6 am on weekdays.').waitFor();
    const [row] = await h.t.database.db
      .select()
      .from(qaRecords)
      .where(eq(qaRecords.question, 'When does the loading dock open?'));
    expect(row?.customerId).toBe(acmeId);

    // Test a question starts on the customer shown, and the agent answers from the new QA.
    await page.getByTestId('answer-test-open').click();
    await page.getByTestId('answer-test-customer').getByText(ACME).waitFor();
    expect(await askAnswerTest(page, 'when does the loading dock open')).toEqual({ reason: 'answer', step: 'qa' });
    await page.keyboard.press('Escape');
    await page.getByTestId('answer-test-drawer').waitFor({ state: 'hidden' });

    // The administrator's own customer does not list it.
    await pickCustomer(page, 'qa-customer-switch', ownName);
    await page.getByText('The loading dock opens at 6 am on weekdays.').waitFor({ state: 'detached' });
  });

  it('shows the picked customer’s folders, uploads into them, and keeps the list to that customer (Chinese, 390 px)', async () => {
    const page = await adminOn('/knowledge/file', 'zh-chs', { width: 390, height: 844 });
    await page.getByTestId('knowledge-customer-switch').waitFor();
    await page.getByText('客户', { exact: true }).first().waitFor();
    await pickCustomer(page, 'knowledge-customer-switch', ACME);
    await expect.poll(() => new URL(page.url()).searchParams.get('customerId')).toBe(String(acmeId));

    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'dock.docx',
        mimeType: 'application/octet-stream',
        buffer: makeDocx(['Loading dock', 'Trucks are unloaded from 6 am.']),
      });
    await page.getByText('dock.docx', { exact: true }).waitFor();
    const [doc] = await h.t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.name, 'dock.docx'));
    expect(doc?.customerId).toBe(acmeId);
    // Nothing scrolls sideways at 390 px with the picker shown.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);

    // Back to the administrator's own customer (the root, named in the person's language).
    await pickCustomer(page, 'knowledge-customer-switch', '总部');
    await page.getByText('dock.docx', { exact: true }).waitFor({ state: 'detached' });
  });
});
