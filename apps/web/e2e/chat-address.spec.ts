import type { Contact, PageResult } from '@agent-console/contracts';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chatAccountLoggedIn } from './support/chat-login';
import { adminHarnessForFile, openSignedIn } from './support/harness';

/**
 * The contacts screen end to end (issue 15, acceptance 5), in English and in Chinese: an account
 * logged in through the simulator starts with no contacts; initialising shows progress and then
 * the list; relationships change inline and in batch (ticks kept across pages); a batch text
 * message shows every recipient's result; a file the rules refuse is refused without any call.
 */
// Initialisation takes 3 s here, so that its progress is there to see. Sends are paced a few
// hundred milliseconds apart instead of seconds: the results still come in one by one.
const { h, admin } = adminHarnessForFile({
  jobs: true,
  gateway: { simulator: { initMs: 3_000, minGapMs: 100 } },
  pacing: { minGapMs: 150, jitterMs: 250, perCharMs: 0, maxTypingMs: 0 },
});

const TEXTS = {
  en: {
    empty: 'No contacts yet, initialise the address list of this account',
    colleague: 'Colleague',
    silent: 'Silent',
    friend: 'Friend',
    sent: 'Sent',
    tooLarge: 'big.pdf is larger than 3MB',
    badName: 'a:b?.pdf: the file name contains characters that are not allowed: : ?',
    fileRequired: 'Add at least one file',
  },
  'zh-chs': {
    empty: '暂无联系人，请初始化该账号的通讯录',
    colleague: '同事',
    silent: '静默',
    friend: '好友',
    sent: '已发送',
    tooLarge: 'big.pdf 超过 3MB',
    badName: 'a:b?.pdf：文件名包含不允许的字符：: ?',
    fileRequired: '请至少添加一个文件',
  },
} as const;

async function contacts(accountId: number, body: Record<string, unknown> = {}) {
  const answer = await h.t.call<PageResult<Contact>>('POST', '/api/v3/address/list/page', {
    token: admin(),
    body: { accountId, pageNum: 1, pageSize: 100, ...body },
  });
  return answer.body.data;
}

/** Chooses an option of an antd select by its text (the open dropdown is the last one drawn). */
async function choose(page: Page, select: string, option: string) {
  await page.getByTestId(select).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const rows = (page: Page) => page.getByTestId('chat-address-page').locator('tr.ant-table-row');
const rowIds = async (page: Page) =>
  (await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')))).map(Number);

async function runThrough(page: Page, lang: keyof typeof TEXTS, accountId: number) {
  const text = TEXTS[lang];
  await page.goto(`/chat/address?accountId=${accountId}`);
  await page.getByTestId('chat-address-page').waitFor();

  // No contacts yet: the empty state says to initialise; initialising shows progress, then rows.
  await page.getByTestId('address-empty').waitFor();
  expect(await page.getByTestId('address-empty').innerText()).toContain(text.empty);
  await page.getByTestId('address-init').first().click();
  await page.getByTestId('init-progress').waitFor();
  await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(10);
  const total = (await contacts(accountId)).total;
  expect(total).toBeGreaterThan(10);

  // Friends only, so that every recipient is a person.
  await choose(page, 'filter-type', text.friend);
  await page.getByTestId('crud-search-submit').click();
  await expect.poll(async () => (await contacts(accountId, { type: 'friend' })).total).toBeGreaterThan(10);
  await expect.poll(() => page.url()).toContain('type=friend');
  const [first, second] = await rowIds(page);

  // Inline: one contact becomes a colleague.
  await page.getByTestId(`relationship-${first}`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text.colleague }).click();
  await expect
    .poll(async () => (await contacts(accountId)).list.find((c) => c.id === first)?.relationship)
    .toBe('colleague');
  await expect.poll(() => page.getByTestId(`relationship-${first}`).innerText()).toContain(text.colleague);

  // Batch, with ticks on two pages: two rows here and one on page 2 become silent.
  await page.getByTestId(`select-${first}`).check();
  await page.getByTestId(`select-${second}`).check();
  await page.getByTestId('chat-address-page').locator('.ant-pagination-next').click();
  await expect.poll(async () => (await rowIds(page)).includes(first as number)).toBe(false);
  const [third] = await rowIds(page);
  await page.getByTestId(`select-${third}`).check();
  await expect.poll(() => page.getByTestId('address-relationship').innerText()).toContain('3');
  await page.getByTestId('address-relationship').click();
  await page.getByTestId('relationship-dialog').waitFor();
  expect(await page.getByTestId('relationship-dialog').innerText()).toContain(text.silent);
  await page.getByTestId('relationship-option-silent').click();
  await page.getByTestId('relationship-ok').click();
  await page.getByTestId('relationship-dialog').waitFor({ state: 'detached' });
  const picked = [first, second, third] as number[];
  await expect
    .poll(async () => (await contacts(accountId)).list.filter((c) => picked.includes(c.id)).map((c) => c.relationship))
    .toEqual(['silent', 'silent', 'silent']);

  // A batch text to the same three: progress, then every recipient's result.
  await page.getByTestId('address-send').click();
  const dialog = page.getByTestId('send-dialog');
  await dialog.waitFor();
  await page.getByTestId('send-content').fill(`Hello from the console (${lang})`);
  await page.getByTestId('send-submit').click();
  await page.getByTestId('send-results').waitFor();
  await expect
    .poll(() => page.getByTestId('send-results').getAttribute('data-status'), { timeout: 45_000 })
    .toBe('completed');
  for (const id of picked) {
    expect(await page.getByTestId(`send-status-${id}`).getAttribute('data-status')).toBe('sent');
    expect(await page.getByTestId(`send-status-${id}`).innerText()).toBe(text.sent);
  }
  await page.getByTestId('send-close').click();
  await dialog.waitFor({ state: 'detached' });

  // Files the rules refuse: each its own message, and no call at all.
  const fileCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v3/message/send')) fileCalls.push(r.url());
  });
  await page.getByTestId('address-send').click();
  await dialog.waitFor();
  await page
    .getByTestId('send-kind')
    .getByText(lang === 'en' ? 'Files' : '文件')
    .click();
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(Math.ceil(3.1 * 1024 * 1024)) },
    { name: 'a:b?.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ]);
  await expect.poll(() => page.getByTestId('send-file-error').allInnerTexts()).toEqual([text.tooLarge, text.badName]);
  await page.getByTestId('send-submit').click();
  await page.getByTestId('send-missing').waitFor();
  expect(await page.getByTestId('send-missing').innerText()).toBe(text.fileRequired);
  expect(fileCalls).toEqual([]);
}

/** Each run paces real sends through the governor (about a second apart, with jitter): room for it. */
const RUN_TIMEOUT = 90_000;

describe('contacts screen', () => {
  it.each(['en', 'zh-chs'] as const)(
    'initialises, sets relationships and sends a batch message (%s)',
    async (lang) => {
      const accountId = (await chatAccountLoggedIn(h.t, admin())).id;
      const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, lang);
      await runThrough(page, lang, accountId);
    },
    RUN_TIMEOUT,
  );
});
