import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aiRoleConfigs } from '@agent-console/server/test/db';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { makePdf } from '@agent-console/server/test/fixtures/knowledge';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, startHarness } from './support/harness';

/**
 * The AI configuration screens (issue 16, acceptance 4): the main prompt's counter and save in two
 * languages, failures with a retry and the unsaved-changes guard; new-customer access with every
 * limit message, uploads refused before sending, reordering by drag and by keyboard, and saving.
 */
let h: Harness;
let folder: string;
let customerId: number;
const CUSTOMER = 'Tea Co';
/** A real 1×1 PNG, so the thumbnail can be drawn. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const files = { pdf: '', png: '', csv: '', big: '' };

beforeAll(async () => {
  h = await startHarness();
  const admin = await h.t.loginAdmin();
  customerId = await fixtures(h.t, () => admin).customer(CUSTOMER);
  // Test files live in this run's temporary folder, the 10.1 MB one included; nothing is committed.
  folder = await mkdtemp(path.join(tmpdir(), 'ai-config-e2e-'));
  files.pdf = path.join(folder, 'price list.pdf');
  files.png = path.join(folder, 'shop.png');
  files.csv = path.join(folder, 'contacts.csv');
  files.big = path.join(folder, 'catalogue.pdf');
  await writeFile(files.pdf, makePdf(['Prices of our teas']));
  await writeFile(files.png, PNG);
  await writeFile(files.csv, 'name,phone\nAda,1\n');
  await writeFile(files.big, Buffer.concat([makePdf(['Big']), Buffer.alloc(Math.round(10.1 * 1024 * 1024))]));
});
afterAll(async () => {
  await h.close();
  await rm(folder, { recursive: true, force: true });
});

const savedRow = async (appId: number) =>
  (await h.t.database.db.select().from(aiRoleConfigs).where(eq(aiRoleConfigs.appId, appId)))[0];

/** Picks the customer in the tree, then the app, as a person does. */
async function pick(page: Page, prefix: string, appName: string) {
  await page.getByTestId(`${prefix}-customer`).click();
  await page.locator('.ant-select-tree-title', { hasText: CUSTOMER }).first().click();
  await page.getByTestId(`${prefix}-app`).click();
  await page.locator('.ant-select-item-option', { hasText: appName }).click();
}

const codePoints = (text: string) => Array.from(text).length;

describe('main prompt', () => {
  it('en: disabled until customer and app are chosen; counts code points, blocks past 200, saves and reloads', async () => {
    const app = await insertApp(h.t, { customerId, name: 'Tea desk', code: 'tea-desk' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto('/ai/main-prompt');
    expect(await page.getByTestId('main-prompt-must-choose').innerText()).toContain('Customer and app must be chosen');
    expect(await page.getByTestId('main-prompt-text').isDisabled()).toBe(true);

    await pick(page, 'main-prompt', 'Tea desk');
    await page.waitForURL(new RegExp(`appId=${app.id}`));
    const text = page.getByTestId('main-prompt-text');
    const remaining = page.getByTestId('main-prompt-remaining');
    await page.getByTestId('main-prompt-built-in').getByText('built-in instructions').waitFor();
    expect(await page.getByTestId('main-prompt-last-changed').innerText()).toBe('Never saved');
    expect(await remaining.innerText()).toBe('200 characters left');

    // An emoji is one character, although it takes two UTF-16 units.
    await text.fill('Hi 😀');
    await expect.poll(() => remaining.innerText()).toBe('196 characters left');
    // Typing (or pasting) past 200 stops at 200.
    await text.fill('😀'.repeat(205));
    await expect.poll(async () => codePoints(await text.inputValue())).toBe(200);
    expect(await remaining.innerText()).toBe('0 characters left');

    // Required after trimming: nothing is sent.
    await text.fill('   ');
    await page.getByTestId('main-prompt-save').click();
    await page.getByText('Enter the main prompt: it cannot be empty or only spaces.').waitFor();
    expect(await savedRow(app.id)).toBeUndefined();

    await text.fill('  You answer for Tea Co. Be brief and kind.  ');
    await page.getByTestId('main-prompt-save').click();
    await page.locator('.ant-message').getByText('Main prompt saved').waitFor();
    await expect
      .poll(() => page.getByTestId('main-prompt-last-changed').innerText())
      .toMatch(/^Last changed by admin at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await text.inputValue()).toBe('You answer for Tea Co. Be brief and kind.');
    expect((await savedRow(app.id))?.mainPrompt).toBe('You answer for Tea Co. Be brief and kind.');

    await page.reload();
    await expect
      .poll(() => page.getByTestId('main-prompt-text').inputValue())
      .toBe('You answer for Tea Co. Be brief and kind.');
    expect(await page.getByTestId('main-prompt-built-in').count()).toBe(0);
  });

  it('zh-chs: the counter and messages in Chinese; 201 Chinese characters stop at 200; saved and reloaded', async () => {
    const app = await insertApp(h.t, { customerId, name: '茶馆助手', code: 'tea-zh' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await page.goto(`/ai/main-prompt?customerId=${customerId}&appId=${app.id}`);
    const text = page.getByTestId('main-prompt-text');
    const remaining = page.getByTestId('main-prompt-remaining');
    await expect.poll(() => remaining.innerText()).toBe('还可输入 200 个字');
    await text.fill('字'.repeat(201));
    await expect.poll(async () => codePoints(await text.inputValue())).toBe(200);
    expect(await remaining.innerText()).toBe('还可输入 0 个字');
    await text.fill('你是茶馆的客服助手，请简洁礼貌地回答。');
    await expect.poll(() => remaining.innerText()).toBe('还可输入 181 个字');
    await page.getByTestId('main-prompt-save').click();
    await page.locator('.ant-message').getByText('主提示词已保存').waitFor();
    await expect.poll(() => page.getByTestId('main-prompt-last-changed').innerText()).toMatch(/^最后由 .+ 于 .+ 修改$/);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('main-prompt-text').inputValue())
      .toBe('你是茶馆的客服助手，请简洁礼貌地回答。');
  });

  it('a failed load shows the spec’s message with a retry, never an empty editor; a failed save keeps the text and retries', async () => {
    const app = await insertApp(h.t, { customerId, name: 'Flaky desk', code: 'flaky' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.route('**/api/v3/ai-role/getMainPromptConfig*', (route) => route.abort());
    await page.goto(`/ai/main-prompt?customerId=${customerId}&appId=${app.id}`);
    const loadError = page.getByTestId('main-prompt-load-error');
    await loadError.getByText('Failed to load the main prompt configuration').waitFor();
    expect(await page.getByTestId('main-prompt-text').count()).toBe(0);
    await page.unroute('**/api/v3/ai-role/getMainPromptConfig*');
    await page.getByTestId('main-prompt-retry-load').click();
    await page.getByTestId('main-prompt-text').waitFor();

    await page.route('**/api/v3/ai-role/process-command', (route) => route.abort());
    await page.getByTestId('main-prompt-text').fill('Saved on the second try');
    await page.getByTestId('main-prompt-save').click();
    await page
      .getByTestId('main-prompt-save-error')
      .getByText('Failed to save the main prompt configuration')
      .waitFor();
    expect(await page.getByTestId('main-prompt-text').inputValue()).toBe('Saved on the second try');
    await page.unroute('**/api/v3/ai-role/process-command');
    await page.getByTestId('main-prompt-retry-save').click();
    await page.locator('.ant-message').getByText('Main prompt saved').waitFor();
    await page.getByTestId('main-prompt-save-error').waitFor({ state: 'detached' });
    expect((await savedRow(app.id))?.mainPrompt).toBe('Saved on the second try');
  });

  it('asks before unsaved changes are lost: another app picked, or the tab closed', async () => {
    const first = await insertApp(h.t, { customerId, name: 'Guard one', code: 'guard-one' });
    await insertApp(h.t, { customerId, name: 'Guard two', code: 'guard-two' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto(`/ai/main-prompt?customerId=${customerId}&appId=${first.id}`);
    const text = page.getByTestId('main-prompt-text');
    await text.fill('Not saved yet');

    await page.getByTestId('main-prompt-app').click();
    await page.locator('.ant-select-item-option', { hasText: 'Guard two' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title').getByText('Discard unsaved changes?').waitFor();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await text.inputValue()).toBe('Not saved yet');
    expect(page.url()).toContain(`appId=${first.id}`);

    // Closing the tab asks too; keeping it keeps the text.
    const tab = page.getByTestId('tab').filter({ hasText: 'Main prompt' });
    await tab.getByTestId('tab-close').click();
    await confirm.getByText('This tab has changes that are not saved').waitFor();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    expect(await text.inputValue()).toBe('Not saved yet');

    // Discarding switches the app.
    await page.getByTestId('main-prompt-app').click();
    await page.locator('.ant-select-item-option', { hasText: 'Guard two' }).click();
    await page.getByTestId('unsaved-discard').click();
    await page.waitForURL(/appId=/);
    await expect.poll(() => page.getByTestId('main-prompt-app').innerText()).toContain('Guard two');
    await expect.poll(() => page.getByTestId('main-prompt-text').inputValue()).toBe('');
    // Nothing unsaved any more: the tab closes without asking.
    await tab.getByTestId('tab-close').click();
    await tab.waitFor({ state: 'detached' });
    expect(await confirm.count()).toBe(0);
  });
});

const rows = (page: Page) => page.getByTestId('welcome-row');
const leadRows = (page: Page) => page.getByTestId('lead-row');
const rowKeys = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-row-key')));

/** Fills the row "Add" made, by its index: `last()` could still be the previous row before React renders the new one. */
async function addText(page: Page, value: string) {
  const index = await rows(page).count();
  await page.getByTestId('welcome-add').click();
  await rows(page).nth(index).getByTestId('welcome-text').fill(value);
}

async function setType(row: Locator, label: string) {
  await row.getByTestId('welcome-type').getByText(label, { exact: true }).click();
}

async function addLead(page: Page, item: string, description: string, example = '') {
  const index = await leadRows(page).count();
  await page.getByTestId('lead-add').click();
  const row = leadRows(page).nth(index);
  await row.getByTestId('lead-item').fill(item);
  await row.getByTestId('lead-description').fill(description);
  if (example) await row.getByTestId('lead-example').fill(example);
}

describe('new-customer access', () => {
  it('en: adds, checks, reorders by drag and by keyboard, and saves every part with every limit message', async () => {
    const app = await insertApp(h.t, { customerId, name: 'Access desk', code: 'access-desk' });
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto('/ai/new-customer-access');
    expect(await page.getByTestId('access-must-choose').innerText()).toContain(
      'App and customer must be selected first',
    );
    await pick(page, 'access', 'Access desk');
    await page.getByTestId('welcome-empty').waitFor();
    expect(await page.getByTestId('access-last-changed').innerText()).toContain('Never saved');
    expect(await page.getByTestId('access-auto-accept').getAttribute('aria-checked')).toBe('false');
    await page.getByTestId('access-auto-accept').click();

    // Text, then "Add" waits until the new row is complete.
    await addText(page, 'Welcome to Tea Co!');
    await page.getByTestId('welcome-add').click();
    expect(await page.getByTestId('welcome-add').isDisabled()).toBe(true);
    expect(await page.getByTestId('welcome-add-note').innerText()).toBe(
      'Complete welcome message 2 before adding another.',
    );

    // A file: wrong format and too large are refused in the browser, naming the file and the limit.
    const fileRow = rows(page).nth(1);
    await setType(fileRow, 'File');
    const input = fileRow.locator('input[type=file]');
    await input.setInputFiles(files.csv);
    await fileRow
      .getByText('“contacts.csv” is not an accepted file format. Accepted: PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT.')
      .waitFor();
    await input.setInputFiles(files.big);
    await fileRow.getByText('“catalogue.pdf” is larger than 10 MB, the most a welcome file or image may be.').waitFor();
    await input.setInputFiles(files.pdf);
    await fileRow.getByTestId('welcome-file').getByText('price list.pdf').waitFor();
    await expect.poll(() => page.getByTestId('welcome-add').isDisabled()).toBe(false);

    // An image shown as a thumbnail; a file is no image.
    await page.getByTestId('welcome-add').click();
    const imageRow = rows(page).nth(2);
    await setType(imageRow, 'Image');
    await imageRow.locator('input[type=file]').setInputFiles(files.pdf);
    await imageRow
      .getByText('“price list.pdf” is not an accepted image format. Accepted: JPG, JPEG, PNG, GIF, WEBP.')
      .waitFor();
    await imageRow.locator('input[type=file]').setInputFiles(files.png);
    await imageRow.getByTestId('welcome-thumb').waitFor();
    await expect.poll(() => page.getByTestId('welcome-add').isDisabled()).toBe(false);

    // Reorder: drag the image onto the first row, then move the text down with the keyboard.
    const [text, file, image] = await rowKeys(page);
    await rows(page).nth(2).getByTestId('welcome-drag').dragTo(rows(page).nth(0));
    await expect.poll(() => rowKeys(page)).toEqual([image, text, file]);
    await rows(page).nth(1).getByTestId('welcome-down').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rowKeys(page)).toEqual([image, file, text]);
    // The focus followed the moved row: its "up" button now (its "down" is disabled at the end).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('welcome-up');
    await page.keyboard.press('Enter');
    await expect.poll(() => rowKeys(page)).toEqual([image, text, file]);
    // The handle moves its row with the arrow keys.
    await rows(page).nth(0).getByTestId('welcome-drag').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => rowKeys(page)).toEqual([text, image, file]);

    // Up to 10: then "Add" is off and says why.
    for (let i = 4; i <= 10; i++) await addText(page, `Message number ${i}`);
    expect(await rows(page).count()).toBe(10);
    expect(await page.getByTestId('welcome-add').isDisabled()).toBe(true);
    expect(await page.getByTestId('welcome-add-note').innerText()).toBe(
      'At most 10 welcome messages: delete one to add another.',
    );

    // Lead table: at least one complete item to save.
    await page.getByTestId('access-save').click();
    await page
      .getByTestId('access-problems')
      .getByText('Lead cleaning table needs at least one complete item to save')
      .waitFor();
    expect(await savedRow(app.id)).toBeUndefined();

    await addLead(page, 'Phone', 'The contact’s mobile number', '13800138000');
    // An incomplete row blocks "Add" and the save, named by row and field.
    await page.getByTestId('lead-add').click();
    await leadRows(page).nth(1).getByTestId('lead-item').fill('Email');
    expect(await page.getByTestId('lead-add').isDisabled()).toBe(true);
    expect(await page.getByTestId('lead-add-note').innerText()).toBe(
      'Complete lead item 2 (item and description) before adding another.',
    );
    await page.getByTestId('access-save').click();
    await leadRows(page)
      .nth(1)
      .locator('xpath=following-sibling::tr[1]')
      .getByText('Lead item 2: description is required')
      .waitFor();
    expect(await savedRow(app.id)).toBeUndefined();
    await leadRows(page).nth(1).getByTestId('lead-description').fill('Where we can write to them');
    for (const item of ['Budget', 'City', 'Company', 'Visit date'])
      await addLead(page, item, `The ${item.toLowerCase()}`);
    expect(await leadRows(page).count()).toBe(6);
    expect(await page.getByTestId('lead-add').isDisabled()).toBe(true);
    expect(await page.getByTestId('lead-add-note').innerText()).toBe(
      'At most 6 lead items: delete one to add another.',
    );

    await page.getByTestId('access-save').click();
    await page.locator('.ant-message').getByText('New-customer access saved').waitFor();
    const saved = await savedRow(app.id);
    expect(saved?.autoAcceptFriend).toBe(true);
    expect(saved?.welcomeMessages.map((m) => m.id)).toEqual([text, image, file, ...(await rowKeys(page)).slice(3)]);
    expect(saved?.welcomeMessages.slice(0, 3).map((m) => [m.type, m.text ?? m.fileName])).toEqual([
      ['text', 'Welcome to Tea Co!'],
      ['image', 'shop.png'],
      ['file', 'price list.pdf'],
    ]);
    expect(saved?.leadItems.map((l) => l.item)).toEqual(['Phone', 'Email', 'Budget', 'City', 'Company', 'Visit date']);

    // A reload shows what was saved, in order, the image drawn from the server.
    await page.reload();
    await expect.poll(() => rowKeys(page)).toEqual(saved?.welcomeMessages.map((m) => m.id));
    await rows(page).nth(1).getByTestId('welcome-thumb').waitFor();
    expect(await page.getByTestId('access-auto-accept').getAttribute('aria-checked')).toBe('true');
    expect(await leadRows(page).count()).toBe(6);
    expect(await page.getByTestId('access-last-changed').innerText()).toMatch(/^Last changed by admin at /);

    // Deleting a row with content asks first.
    await rows(page).nth(9).getByTestId('welcome-remove').click();
    await page.getByTestId('welcome-remove-ok').click();
    expect(await rows(page).count()).toBe(9);
    expect(await page.getByTestId('welcome-add').isDisabled()).toBe(false);
  });

  it('zh-chs at 390 px: the limits in Chinese, the page fits the width', async () => {
    const app = await insertApp(h.t, { customerId, name: '手机助手', code: 'phone-desk' });
    const { page } = await h.newPage({ lang: 'zh-chs', width: 390, height: 844 });
    await page.goto('/login');
    await page.getByTestId('login-form').locator('input#username').fill('admin');
    await page.getByTestId('login-form').locator('input#password').fill(TEST_ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/index$/);
    await page.goto(`/ai/new-customer-access?customerId=${customerId}&appId=${app.id}`);
    await page.getByTestId('welcome-empty').waitFor();
    await page.getByTestId('welcome-add').click();
    expect(await page.getByTestId('welcome-add-note').innerText()).toBe('请先填写完第 1 条欢迎语再添加新的。');
    await rows(page).first().getByTestId('welcome-text').fill('欢迎光临！');
    await addLead(page, '手机号', '联系人的手机号码', '13800138000');
    await page.getByTestId('lead-add').click();
    await page.getByTestId('access-save').click();
    await page.getByTestId('access-problems').getByText('第 2 个线索清洗项的名称为必填项').waitFor();
    await leadRows(page).nth(1).getByTestId('lead-remove').click();
    await page.getByTestId('access-save').click();
    await page.locator('.ant-message').getByText('新客户接入已保存').waitFor();
    // Nothing wider than the phone: the page scrolls only up and down.
    const widths = await page.getByTestId('access-page').evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.page).toBeLessThanOrEqual(390);
    expect((await savedRow(app.id))?.welcomeMessages).toEqual([
      expect.objectContaining({ type: 'text', text: '欢迎光临！' }),
    ]);
  });
});
