import { users } from '@agent-console/server/test/db';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRuleMessages, fillInputs, waitForTexts } from './support/form';
import { harnessForFile, registerStaff, signIn } from './support/harness';

const h = harnessForFile();
beforeAll(async () => {
  await registerStaff(h, ['carol', 'dave']);
  await h.t.database.db
    .update(users)
    .set({ phone: '13900000009', email: 'dave@example.com' })
    .where(eq(users.username, 'dave'));
});

async function settingsPage(username: string, password: string, lang = 'en', width?: number): Promise<Page> {
  const { page } = await h.newPage({ lang, ...(width ? { width, height: 844 } : {}) });
  await page.goto('/login?redirect=%2Fboot%2Fadmin%2Fsystem%2Fuser%2Fsetting');
  await signIn(page, username, password);
  await page.getByTestId('user-setting').waitFor();
  return page;
}

describe('user settings: profile tab', () => {
  it('shows each validation message, then saves nickname, phone, email and gender', async () => {
    const page = await settingsPage('carol', 'secret-123');
    const form = page.getByTestId('profile-form');
    await form.locator('input#nickName').waitFor();
    expect(await form.locator('input#nickName').inputValue()).toBe('carol');
    await fillInputs(form, { nickName: '', phone: 'call me', email: 'not-an-email' });
    await page.getByTestId('profile-submit').click();
    await waitForTexts(form, [
      'Please enter your nickname',
      'Please enter a valid phone number',
      'Please enter a valid email address',
    ]);
    await page.getByText('Form validation failed, please check your input').waitFor();

    await fillInputs(form, { nickName: 'Carol C.', phone: '+86 138 0000 0001', email: 'carol@example.com' });
    await form.getByText('Female').click();
    await page.getByTestId('profile-submit').click();
    await page.getByText('Profile saved').waitFor();
    // The header follows the new nickname.
    await page.getByTestId('user-menu').getByText('Carol C.').waitFor();
    const [row] = await h.t.database.db.select().from(users).where(eq(users.username, 'carol'));
    expect(row).toMatchObject({
      nickName: 'Carol C.',
      phone: '+86 138 0000 0001',
      email: 'carol@example.com',
      gender: 'female',
    });
  });

  it('puts the server’s "already exists" answer under the phone field', async () => {
    const page = await settingsPage('carol', 'secret-123');
    const form = page.getByTestId('profile-form');
    await form.locator('input#nickName').waitFor();
    await form.locator('input#phone').fill('13900000009');
    await page.getByTestId('profile-submit').click();
    await form.getByText('This phone number is already used by another user').waitFor();
    // Under the field only: no message on top naming the field or its reason.
    expect(await page.getByTestId('profile-error').count()).toBe(0);
  });
});

describe('user settings: password tab', () => {
  it('shows each validation message in Simplified Chinese', async () => {
    const page = await settingsPage('carol', 'secret-123', 'zh-chs');
    await page.getByRole('tab', { name: /修改密码/ }).click();
    const form = page.getByTestId('password-form');
    await page.getByTestId('password-submit').click();
    await waitForTexts(form, ['请输入当前密码', '请输入新密码', '请再次输入新密码']);
    await page.getByText('表单校验未通过，请检查输入').waitFor();
    await form.locator('input#oldPassword').fill('secret-123');
    await expectRuleMessages(form, 'newPassword', [
      ['abc', '至少 8 个字符'],
      ['password1', '该密码过于常见，请换一个'],
      ['my-CAROL-pass', '密码不能包含用户名'],
      ['secret-123', '新密码不能与旧密码相同'],
    ]);
    await fillInputs(form, { newPassword: 'secret-456', confirmPassword: 'secret-789' });
    await form.getByText('两次输入的密码不一致！').waitFor();
  });

  it('refuses a wrong old password, then changes it and keeps this session while ending the others', async () => {
    const other = await h.t.login('carol', 'secret-123');
    const page = await settingsPage('carol', 'secret-123');
    await page.getByRole('tab', { name: /Password/ }).click();
    const form = page.getByTestId('password-form');
    await fillInputs(form, { oldPassword: 'wrong-password', newPassword: 'secret-456', confirmPassword: 'secret-457' });
    await page.getByTestId('password-submit').click();
    await form.getByText('The two passwords do not match!').waitFor();
    await form.locator('input#confirmPassword').fill('secret-456');
    await page.getByTestId('password-submit').click();
    await form.getByText('Current password is incorrect').waitFor();

    await form.locator('input#oldPassword').fill('secret-123');
    await page.getByTestId('password-submit').click();
    await page.getByText('Password changed', { exact: false }).waitFor();
    expect(await form.locator('input#oldPassword').inputValue()).toBe('');
    expect((await h.t.call('GET', '/api/v3/system/user/info', { token: other })).body.code).toBe('A0301');
    // This session still works.
    await page.reload();
    await page.getByTestId('user-setting').waitFor();
    expect(page.url()).toContain('/boot/admin/system/user/setting');
    expect(
      (await h.t.call('POST', '/api/login', { body: { username: 'carol', password: 'secret-456' } })).body.code,
    ).toBe('00000');
  });
});

describe('user settings on a phone (issue 37)', () => {
  it.each(['en', 'zh-chs'])('%s at 390 px: the tabs sit above the form, which has the width', async (lang) => {
    const page = await settingsPage('dave', 'secret-123', lang, 390);
    const tabs = page.getByTestId('user-setting').locator('.ant-tabs').first();
    expect(await tabs.getAttribute('class')).toContain('ant-tabs-top');
    const field = page.getByTestId('profile-form').locator('input#nickName');
    await field.waitFor();
    expect((await field.boundingBox())?.width).toBeGreaterThan(250);
  });

  it('at 1440 px keeps the tabs beside the form', async () => {
    const page = await settingsPage('dave', 'secret-123', 'en', 1440);
    const tabs = page.getByTestId('user-setting').locator('.ant-tabs').first();
    expect(await tabs.getAttribute('class')).not.toContain('ant-tabs-top');
  });
});
