import { invitationCodes } from '@agent-console/server/test/db';
import { insertScopedUser } from '@agent-console/server/test/fixtures/users';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectRuleMessages, fillInputs, waitForTexts } from './support/form';
import { harnessForFile, LANG_COOKIE, signIn } from './support/harness';

/** The machine is shared and slow at times: give polled conditions 10 s, not vitest's 1 s. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

const h = harnessForFile();

/** A fresh page on the sign-in screen's Register tab, in English. */
async function registerForm() {
  const { page } = await h.newPage({ lang: 'en' });
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  return { page, form: page.getByTestId('register-form') };
}

/** Fills the Register form for `username` with the password secret-123, confirmed. */
async function fillRegistration(
  form: Locator,
  { username, nickName, invitationCode }: { username: string; nickName?: string; invitationCode: string },
) {
  await fillInputs(form, {
    username,
    ...(nickName === undefined ? {} : { nickName }),
    password: 'secret-123',
    confirmPassword: 'secret-123',
    invitationCode,
  });
}

describe('sign-in page', () => {
  it('shows Simplified Chinese by default and redirects a guarded route to sign-in', async () => {
    const { page } = await h.newPage();
    await page.goto('/index');
    await page.waitForURL(/\/login\?redirect=%2Findex/);
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByTestId('login-submit').innerText()).toMatch(/登\s*录/);
    expect(await page.title()).toBe('智能体控制台 | 登录');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
  });

  it('signs the admin in, lands on Home and sets the cookies', async () => {
    const { page, context } = await h.newPage({ lang: 'en' });
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.getByTestId('home-greeting').waitFor();
    expect(await page.getByTestId('home-greeting').innerText()).toBe('Hello, admin');
    expect(await page.title()).toBe('Agent Console | Home');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['agent-console-1.18.0-token', 'agent-console-1.18.0-uuid']));
    const token = (await context.cookies()).find((c) => c.name === 'agent-console-1.18.0-token');
    expect(token?.expires).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    expect(token?.expires).toBeLessThan(Date.now() / 1000 + 25 * 3600);
  });

  it('shows the server’s message for a wrong password and stays on the page', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await page.goto('/login');
    await signIn(page, 'admin', 'not-the-password');
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').innerText()).toContain('Wrong username or password');
    expect(page.url()).toContain('/login');
  });

  it('shows every required-field message when submitting empty forms', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await waitForTexts(page, ['Please enter your username', 'Please enter your password']);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByTestId('register-submit').click();
    const form = page.getByTestId('register-form');
    await waitForTexts(form, [
      'Please enter your username',
      'Please enter your password',
      'Please confirm your password',
      'Please enter your invitation code',
      'Please read and accept the Terms of Service',
    ]);
    await expectRuleMessages(form, 'password', [
      ['secret', 'At least 8 characters'],
      ['qwerty123', 'This password is too common; choose another'],
    ]);
    await fillInputs(form, { username: 'maple', password: 'Maple-Syrup-7' });
    await form.getByText('The password must not contain the username').waitFor();
    await fillInputs(form, { password: 'secret-123', confirmPassword: 'secret-999' });
    await form.getByText('The two passwords do not match!').waitFor();
  });

  it('returns to the guarded target after signing in', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await page.goto('/index?from=bookmark');
    await page.waitForURL(/redirect=/);
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index\?from=bookmark$/);
  });

  it('registers with an invitation code, accepts the terms in the dialog and signs in automatically', async () => {
    const [invite] = await h.t.database.db.select({ code: invitationCodes.code }).from(invitationCodes).limit(1);
    const { page, form } = await registerForm();
    await fillRegistration(form, { username: 'newbie', nickName: 'New Bie', invitationCode: invite?.code ?? '' });
    await form.getByRole('button', { name: 'Terms of Service' }).click();
    await page.getByRole('dialog').getByText('Terms of Service').waitFor();
    await page.getByRole('button', { name: 'I agree' }).click();
    expect(await form.getByRole('checkbox').isChecked()).toBe(true);
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/\/index$/);
    expect(await page.getByTestId('home-greeting').innerText()).toBe('Hello, New Bie');
  });

  it('refuses a wrong invitation code next to the field', async () => {
    const { page, form } = await registerForm();
    await fillRegistration(form, { username: 'hopeful', invitationCode: 'WRONGCODE' });
    await page.getByTestId('agreement').click();
    await page.getByTestId('register-submit').click();
    // The field's own message: the one its input names as its description.
    const field = form.locator('.auth-field', { has: page.locator('input#invitationCode') });
    await field.getByRole('alert').filter({ hasText: 'Invitation code is incorrect' }).waitFor();
    expect(await form.locator('input#invitationCode').getAttribute('aria-describedby')).toBe(
      await field.getByRole('alert').getAttribute('id'),
    );
    expect(await page.getByTestId('register-error').count()).toBe(0);
  });

  it('keeps the chosen language after a reload and in every language shows no raw keys', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/login');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Welcome back').waitFor();
    await page.reload();
    await page.getByText('Welcome back').waitFor();
    expect((await context.cookies()).find((c) => c.name === LANG_COOKIE)?.value).toBe('en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const expected: Record<string, string> = { ja: 'おかえりなさい', 'zh-cht': '歡迎回來', 'zh-chs': '欢迎回来' };
    for (const [lang, welcome] of Object.entries(expected)) {
      const { page: p } = await h.newPage({ lang });
      await p.goto('/login');
      await p.getByText(welcome).waitFor();
      await p.getByRole('tab').nth(1).click();
      const text = await p.locator('body').innerText();
      expect(text).not.toMatch(/\b(login|common|errors|home):|\b(fields|rules|agreement|tabs)\.[a-z]/);
    }
  });

  it('draws the sign-in page without antd, and its language menu works from the keyboard', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    // antd's components carry `ant-` classes and its styles `data-css-hash`: none of either here.
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    expect(await page.locator('style[data-css-hash]').count()).toBe(0);
    await page.getByTestId('language-switch').focus();
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('English');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByText('欢迎回来').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await page.getByRole('menu').count()).toBe(0);
  });

  it('shows the 404 page for an unknown route', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    expect(await page.title()).toBe('Agent Console | Page not found');
    await page.getByTestId('back-home').click();
    await page.waitForURL(/\/login/);
  });

  it('asks before logging out: cancel says so, confirm returns to sign-in', async () => {
    const { page, context } = await h.newPage({ lang: 'en' });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByText('Are you sure you want to log out?').waitFor();
    expect(await page.locator('.ant-modal-mask').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Logout cancelled').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/login\?redirect=%2Findex/);
    expect((await context.cookies()).some((c) => c.name === 'agent-console-1.18.0-token')).toBe(false);
  });

  it('after one user signs out, the next lands on Home; the same user comes back to their page', async () => {
    const other = await insertScopedUser(h.t.database.db, []);
    const { page } = await h.newPage({ lang: 'en' });
    const logOut = async () => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
    };
    await page.goto('/login');
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.goto('/system/dept');
    await logOut();
    await page.waitForURL(/\/login\?redirect=%2Fsystem%2Fdept/);
    // Another person on the same browser: Home, not the administrator's page.
    await signIn(page, other.username, other.password);
    await page.waitForURL(/\/index$/);
    await page.getByTestId('home-greeting').waitFor();
    await logOut();
    await page.waitForURL(/\/login\?redirect=%2Findex/);
    // The administrator signs out from their page and back in: the page again.
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.goto('/system/dept');
    await logOut();
    await page.waitForURL(/\/login\?redirect=%2Fsystem%2Fdept/);
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/system\/dept$/);
  });

  it('a deep link the signing-in user may not open leads to Home, not to a 404', async () => {
    const other = await insertScopedUser(h.t.database.db, []);
    const { page } = await h.newPage({ lang: 'en' });
    // A sign-in link that names a page (bookmarked, or sent by someone), with nobody signed out here.
    await page.goto(`/login?redirect=${encodeURIComponent('/system/dept')}`);
    await signIn(page, other.username, other.password);
    await page.waitForURL(/\/index$/);
    await page.getByTestId('home-greeting').waitFor();
    expect(await page.getByTestId('not-found').count()).toBe(0);
  });

  it('a session ended on the server sends the user to sign-in with the authentication message', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await h.t.database.sql.exec('DELETE FROM sessions');
    await page.reload();
    await page
      .getByText('Your session has ended (signed out, expired or ended by an administrator). Please sign in again.')
      .first()
      .waitFor();
    await page.waitForURL(/\/login\?redirect=%2Findex/);
  });
});
