import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, registerStaff, signIn, startHarness } from './support/harness';

/**
 * Issue 13, faults a new user met in forms: a wrong current password answered "Wrong username or
 * password: oldPassword has an invalid value"; a QA added by hand demanded a source document and
 * its save said nothing.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await registerStaff(h, ['erin']);
});
afterAll(() => h.close());

/** A request key or reason key as it would leak: a lower-case word with an inner capital. */
const CAMEL = /\b[a-z]+[A-Z][A-Za-z]*\b/;

async function signedIn(username: string, password: string, lang: string, path: string): Promise<Page> {
  const { page } = await h.newPage({ lang });
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, username, password);
  await page.waitForURL((url) => url.pathname === path);
  return page;
}

describe('password tab: a wrong current password', () => {
  it.each([
    ['en', 'Password', 'Current password is incorrect'],
    ['zh-chs', '修改密码', '当前密码错误'],
  ])('%s: says the current password is wrong, under that field only', async (lang, tab, sentence) => {
    const page = await signedIn('erin', 'secret-123', lang, '/boot/admin/system/user/setting');
    await page.getByTestId('user-setting').waitFor();
    await page.getByRole('tab', { name: new RegExp(tab) }).click();
    const form = page.getByTestId('password-form');
    await form.locator('input#oldPassword').fill('not-my-password');
    await form.locator('input#newPassword').fill('fresh-pass-42');
    await form.locator('input#confirmPassword').fill('fresh-pass-42');
    await page.getByTestId('password-submit').click();

    const oldItem = form.locator('.ant-form-item', { has: page.locator('input#oldPassword') });
    await oldItem.locator('.ant-form-item-explain-error', { hasText: sentence }).waitFor();
    // Nowhere else: no message on top, no toast about it (only the sign-in welcome), no other field marked.
    expect(await page.getByTestId('password-error').count()).toBe(0);
    const toasts = await page.locator('.ant-message-notice').allInnerTexts();
    expect(toasts.filter((t) => /password|密码/i.test(t))).toEqual([]);
    expect(await form.locator('.ant-form-item-explain-error').count()).toBe(1);
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(CAMEL);
    expect(text).not.toContain('Wrong username or password');
    expect(text).not.toContain('用户名或密码错误');
  });
});

describe('a CRUD dialog: the server’s field error', () => {
  it('names the field by its label under the field, with no message naming keys on top', async () => {
    const page = await signedIn('admin', TEST_ADMIN_PASSWORD, 'en', '/system/post');
    const dialog = page.getByTestId('post-dialog');
    const create = async (code: string, name: string) => {
      await page.getByTestId('crud-create').click();
      await dialog.locator('input#code').fill(code);
      await dialog.locator('input#name').fill(name);
      await page.getByTestId('crud-dialog-ok').click();
    };
    await create('sales', 'Sales');
    await dialog.waitFor({ state: 'detached' });
    await create('sales', 'Sales again');
    const codeItem = dialog.locator('.ant-form-item', { has: page.locator('input#code') });
    await codeItem.locator('.ant-form-item-explain-error', { hasText: 'Code is already taken' }).waitFor();
    expect(await page.getByTestId('crud-dialog-error').count()).toBe(0);
    expect(await dialog.innerText()).not.toMatch(CAMEL);
  });
});

describe('QA added by hand', () => {
  it.each([
    ['en', 'Saved', 'Manual'],
    ['zh-chs', '保存成功', '手动'],
  ])('%s: needs no document, says it was saved, and lists "Manual" as its source', async (lang, saved, manual) => {
    const page = await signedIn('admin', TEST_ADMIN_PASSWORD, lang, '/knowledge/qa');
    await page.getByTestId('qa-page').waitFor();
    const question = `Do you open on holidays (${lang})?`;
    await page.getByTestId('crud-create').click();
    await page.getByTestId('qa-question').fill(question);
    await page.getByTestId('qa-answer').fill('Yes, from ten to four.');
    await page.getByTestId('crud-dialog-ok').click();
    await page.locator('.ant-message-notice', { hasText: saved }).waitFor();
    await page.getByTestId('qa-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('qa-page').locator('.ant-table-row', { hasText: question });
    await row.getByTestId('qa-source-manual').waitFor();
    expect(await row.getByTestId('qa-source-manual').innerText()).toBe(manual);
  });
});
