import { makePdf, makeScannedPdf, makeXlsx } from '@agent-console/server/test/fixtures/knowledge';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminHarnessForFile, signIn } from './support/harness';

// Jobs on: documents are processed and imports run as they do in production.
const { h, admin } = adminHarnessForFile({ jobs: true });

async function adminOn(path: string, lang: string): Promise<Page> {
  const { page } = await h.newPage({ lang });
  // The first paint can be slow while the machine is busy (2 shared cores); wait for it once.
  await page.goto('/login');
  await page.getByTestId('login-form').waitFor({ timeout: 30_000 });
  await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
  await page.waitForURL(/\/index$/);
  await page.goto(path);
  return page;
}

async function fileIdByName(name: string): Promise<number> {
  const res = await h.t.call<{ list: { id: number; name: string }[] }>('POST', '/api/v3/knowledge/file/list/page', {
    token: admin(),
    body: { pageNum: 1, pageSize: 50, name },
  });
  const row = res.body.data.list.find((f) => f.name === name);
  if (!row) throw new Error(`no document ${name}`);
  return row.id;
}

const shippingPdf = () =>
  makePdf([
    'Shipping FAQ',
    'Q: How long does delivery take?',
    'A: Orders arrive within three working days.',
    'Q: Can I change my delivery address?',
    'A: Yes, until the parcel leaves the warehouse.',
  ]);

describe('knowledge documents screen', () => {
  it('uploads a PDF that reaches completed with counts, then disables, bins and restores it', async () => {
    const page = await adminOn('/knowledge/file', 'en');
    await page.getByTestId('knowledge-file-page').waitFor();
    await page.getByText('No documents yet').waitFor();

    // The browser refuses a wrong type with the spec's message before anything is sent.
    const input = page.locator('input[type=file]').first();
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Only PDF or Word (DOC, DOCX) files can be uploaded').waitFor();

    await input.setInputFiles({ name: 'shipping.pdf', mimeType: 'application/pdf', buffer: shippingPdf() });
    await page.getByText('shipping.pdf uploaded; processing started').waitFor();
    const id = await fileIdByName('shipping.pdf');
    // The list refreshes itself until processing ends.
    await page.locator(`[data-testid="status-${id}"][data-mining="3"]`).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId(`counts-${id}`).textContent()).toMatch(/\d+ fragments? · 2 QA/);

    // Disable and enable.
    const toggle = page.getByTestId(`enable-${id}`);
    await toggle.click();
    await page.getByText('Disabled', { exact: true }).first().waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    // Select it, move it to the recycle bin (with confirmation), find it there and restore it.
    await page.getByTestId(`select-${id}`).check();
    await page.getByTestId('batch-recycle').click();
    await page.getByTestId('file-confirm-ok').click();
    await page.getByText('Moved to the recycle bin').waitFor();
    await page.getByTestId(`status-${id}`).waitFor({ state: 'detached' });
    await page.getByTestId('recycle-bin').click();
    await page.getByTestId(`restore-${id}`).click();
    await page.getByText('Restored', { exact: true }).waitFor();
    await page.getByTestId('recycle-bin').click();
    await page.getByTestId(`status-${id}`).waitFor();

    // A scanned PDF ends abnormal with its reason shown, and a retry button.
    await input.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: makeScannedPdf() });
    const scanId = await waitForId('scan.pdf');
    await page.locator(`[data-testid="status-${scanId}"][data-mining="1"]`).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId(`reason-${scanId}`).textContent()).toContain('the PDF looks scanned');
    await page.getByTestId(`retry-${scanId}`).waitFor();
  });
});

async function waitForId(name: string): Promise<number> {
  await expect.poll(() => fileIdByName(name).catch(() => 0), { timeout: 10_000 }).toBeGreaterThan(0);
  return fileIdByName(name);
}

describe('knowledge QA screen', () => {
  it('imports the template with rows, reports the rejected row, and finds QA by a Chinese search', async () => {
    const page = await adminOn('/knowledge/qa', 'zh-chs');
    await page.getByTestId('qa-page').waitFor();

    await page.getByTestId('qa-import-open').click();
    await page.getByTestId('qa-import-dialog').waitFor();
    // The sample downloads as an XLSX file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qa-import-sample').click()]);
    expect(download.suggestedFilename()).toBe('qa-template.xlsx');

    const sheet = await makeXlsx([
      ['问题 Question', '答案 Answer', '标签 Tags'],
      ['退货流程是什么？', '联系客服，七天内可无理由退货。', '售后'],
      ['发票怎么开？', '在订单详情页申请电子发票。', ''],
      ['没有答案的问题', ''],
      ['How do I track my parcel?', 'Use the tracking link in your email.', 'shipping'],
    ]);
    await page
      .getByTestId('qa-import-dialog')
      .locator('input[type=file]')
      .setInputFiles({ name: 'qa.xlsx', mimeType: 'application/octet-stream', buffer: sheet });
    // A source is required: the start button names what is missing.
    await page.getByTestId('qa-import-start').click();
    await page.getByText('请选择来源文档').waitFor();
    await page.getByText('新建文档').click();
    await page.getByTestId('qa-import-new-source').fill('售后 FAQ');
    await page.getByTestId('qa-import-start').click();
    await page.locator('[data-testid="qa-import-status"][data-status="completed"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('qa-import-inserted').textContent()).toContain('3');
    await page.getByText('答案为空').waitFor();
    await page.getByTestId('qa-import-close').click();

    // Search in Chinese.
    await page.getByTestId('qa-keyword').fill('退货');
    await page.getByTestId('crud-search-submit').click();
    await page.getByText('联系客服，七天内可无理由退货。').waitFor();
    await page.getByText('发票怎么开？').waitFor({ state: 'detached' });

    // Add a QA by hand under an existing source; it is found at once.
    await page.getByTestId('crud-create').click();
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByText('请输入问题').waitFor();
    await page.getByTestId('qa-question').fill('退款多久到账？');
    await page.getByTestId('qa-answer').fill('退款在审核通过后三个工作日内到账。');
    // A new QA needs no document; this one is filed under an existing one.
    await page.getByTestId('qa-dialog').getByText('已有文档').click();
    await page.getByTestId('qa-dialog').locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '售后 FAQ' }).click();
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('qa-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('qa-keyword').fill('退款');
    await page.getByTestId('crud-search-submit').click();
    await page.getByText('退款在审核通过后三个工作日内到账。').waitFor();
  });
});
