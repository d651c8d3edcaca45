import { knowledgeFragments, users } from '@agent-console/server/test/db';
import { insertDocument, insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { askAnswerTest } from './support/answer-test';
import { harnessForFile, signIn } from './support/harness';

/**
 * Issue 32, "see what the agent sees": a document's fragments and QA in the viewer (search,
 * switch off, correct), and the "Test a question" panel from the Knowledge area and App info; in
 * English and Chinese, on a desktop and at 390 px.
 */
const h = harnessForFile();
let customerId: number;
const PHONE = { width: 390, height: 844 };
const QUESTION = 'What are your opening hours?';

beforeAll(async () => {
  const [admin] = await h.t.database.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, 'admin'));
  customerId = admin?.customerId ?? 0;
  await insertQa(h.t, { customerId, question: QUESTION, answer: 'We are open 9 to 6, Monday to Friday.' });
});

const TEXT = {
  en: {
    fragments: 'Fragments',
    off: 'Not used',
    reason: 'Answered: the best candidate is clearly relevant.',
    qa: 'QA',
  },
  'zh-chs': { fragments: '片段', off: '未使用', reason: '可以回答：最佳候选明显相关。', qa: '问答' },
} as const;
type Lang = keyof typeof TEXT;

async function signedIn(lang: Lang, size?: { width: number; height: number }): Promise<Page> {
  const { page } = await h.newPage({ lang, ...size });
  await page.goto('/login');
  await page.getByTestId('login-form').waitFor({ timeout: 30_000 });
  await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
  await page.waitForURL(/\/index$/);
  return page;
}

/** Nothing scrolls sideways, and the element lies within the screen. */
async function expectFits(page: Page, testId: string) {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width + 0.5);
}

async function handbook(name: string) {
  return insertDocument(h.t, {
    customerId,
    name,
    fragments: [
      { heading: 'Opening hours', content: 'We are open 9 to 6, Monday to Friday.' },
      { heading: 'Returns', content: 'Returns are accepted within 30 days with the receipt.' },
      { heading: '退货', content: '退货需要在三十天内提供收据。' },
    ],
  });
}

const fragmentEnabled = async (id: number) =>
  (await h.t.database.db.select().from(knowledgeFragments).where(eq(knowledgeFragments.id, id)))[0]?.enabled;

async function openViewer(page: Page, fileId: number, lang: Lang) {
  await page.goto('/knowledge/file');
  await page.getByTestId('knowledge-file-page').waitFor();
  // Opened from the keyboard: the name is a button.
  await page.getByTestId(`open-${fileId}`).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('document-viewer').waitFor();
  await page.getByTestId('viewer-tab-fragments').getByText(TEXT[lang].fragments).waitFor();
  await page.getByTestId('fragment-list').locator('article').first().waitFor();
}

describe('document viewer', () => {
  for (const [lang, size] of [
    ['en', undefined],
    ['zh-chs', PHONE],
  ] as const) {
    it(`shows the fragments, switches one off and searches (${lang}${size ? ', 390 px' : ''})`, async () => {
      const doc = await handbook(`handbook-${lang}.pdf`);
      const [first, second, third] = doc.fragmentIds as [number, number, number];
      const page = await signedIn(lang, size);
      await openViewer(page, doc.fileId, lang);
      const card = page.getByTestId(`fragment-${second}`);
      expect(await card.innerText()).toContain('Returns are accepted within 30 days');
      expect(await card.locator('.fragment-heading').innerText()).toBe('Returns');
      await page.getByTestId(`fragment-tokens-${second}`).waitFor();
      if (size) await expectFits(page, 'document-viewer');

      await page.getByTestId(`fragment-enabled-${second}`).click();
      await expect
        .poll(() => page.getByTestId(`fragment-enabled-${second}`).getAttribute('aria-checked'))
        .toBe('false');
      await card.getByText(TEXT[lang].off, { exact: true }).waitFor();
      expect(await fragmentEnabled(second)).toBe(false);

      const search = page.getByTestId('fragment-search').locator('input');
      await search.fill(lang === 'en' ? 'receipt' : '收据');
      await search.press('Enter');
      const expected = lang === 'en' ? second : third;
      await expect.poll(() => page.getByTestId('fragment-list').locator('article').count()).toBe(1);
      await page.getByTestId(`fragment-${expected}`).locator('mark').first().waitFor();
      await page.getByTestId(`fragment-${first}`).waitFor({ state: 'detached' });

      await search.fill('zebra');
      await search.press('Enter');
      await page.getByTestId('fragments-empty').waitFor();
    });
  }

  it('corrects a fragment’s text, asking before changes are dropped, and lists the document’s QA', async () => {
    const doc = await handbook('handbook-edit.pdf');
    const id = doc.fragmentIds[1] ?? 0;
    await insertQa(h.t, {
      customerId,
      fileId: doc.fileId,
      question: 'How long do returns take?',
      answer: 'Thirty days.',
    });
    const page = await signedIn('en');
    await openViewer(page, doc.fileId, 'en');
    const tokensBefore = await page.getByTestId(`fragment-tokens-${id}`).innerText();

    await page.getByTestId(`fragment-edit-${id}`).click();
    const text = page.getByTestId('fragment-content');
    await text.fill('Returns are accepted within 60 days, with or without the receipt, and refunds take five days.');
    // Cancelling with changes asks; keeping them leaves the dialog open.
    await text.press('Escape');
    await page.locator('.ant-modal-confirm-title', { hasText: 'Discard unsaved changes?' }).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByTestId('fragment-save').click();
    await page.getByText('Fragment saved').waitFor();
    await page.getByTestId('fragment-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId(`fragment-text-${id}`).innerText()).toContain('refunds take five days');
    expect(await page.getByTestId(`fragment-tokens-${id}`).innerText()).not.toBe(tokensBefore);

    await page.getByTestId('viewer-tab-qa').click();
    await page.getByTestId('viewer-qa-list').getByText('How long do returns take?').waitFor();
    expect(await page.getByTestId('viewer-qa-list').innerText()).not.toContain(QUESTION);
  });
});

async function askAndSeeDecision(page: Page, lang: Lang) {
  const panel = page.getByTestId('answer-test-panel');
  await panel.waitFor();
  await page.getByTestId('answer-test-hint').waitFor();
  // The caller's own customer is chosen already: the question goes straight in.
  expect(await askAnswerTest(page, QUESTION)).toEqual({ reason: 'answer', step: 'qa' });
  expect(await page.getByTestId('answer-test-reason').innerText()).toBe(TEXT[lang].reason);
  expect(await page.getByTestId('answer-test-step').innerText()).toBe(TEXT[lang].qa);
  const top = page.getByTestId('answer-test-candidate-1');
  expect(await top.getAttribute('data-kind')).toBe('qa');
  expect(await top.innerText()).toContain(QUESTION);
  expect(await page.getByTestId('answer-test-answer').innerText()).toContain('We are open 9 to 6');
}

describe('test a question', () => {
  it('from the Documents page: the decision and the candidates (en)', async () => {
    const page = await signedIn('en');
    await page.goto('/knowledge/file');
    await page.getByTestId('answer-test-open').click();
    await askAndSeeDecision(page, 'en');
    await page.getByTestId('answer-test-history-add').click();
    await page.getByTestId('answer-test-history-0').fill('Hello');
    await page.getByTestId('answer-test-question').press('Enter');
    await page.getByTestId('answer-test-decision').waitFor();
  });

  it('from the QA page at 390 px (zh-chs)', async () => {
    const page = await signedIn('zh-chs', PHONE);
    await page.goto('/knowledge/qa');
    await page.getByTestId('answer-test-open').click();
    await askAndSeeDecision(page, 'zh-chs');
    await expectFits(page, 'answer-test-drawer');
    await expectFits(page, 'answer-test-candidates');
    // A follow-up is not given the QA that answered the question before it, and the panel says so.
    await page.getByTestId('answer-test-history-add').click();
    await page.getByTestId('answer-test-history-0').fill(QUESTION);
    await askAnswerTest(page, 'and on saturdays?');
    await expect
      .poll(() => page.getByTestId('answer-test-answered-before').innerText())
      .toBe('已回答过上一个问题：不再重复');
    expect(await page.getByTestId('answer-test-answer').innerText()).not.toContain('We are open 9 to 6');
    await expectFits(page, 'answer-test-candidates');
  });

  it('from an app’s row in App info, with that app (en)', async () => {
    const app = await insertApp(h.t, { customerId, code: 'desk-test' });
    const page = await signedIn('en');
    await page.goto('/app/info');
    await page.getByTestId('app-page').waitFor();
    await page.getByTestId(`answer-test-${app.code}`).click();
    await page.getByTestId('answer-test-app').getByText(app.name).waitFor();
    await page.getByTestId('answer-test-question').fill(QUESTION);
    await page.getByTestId('answer-test-submit').click();
    expect(await page.getByTestId('answer-test-decision').getAttribute('data-reason')).toBe('answer');
  });
});
