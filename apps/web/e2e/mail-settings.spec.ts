import { MAIL_PERMISSIONS } from '@agent-console/contracts';
import { mailSettings, users } from '@agent-console/server/test/db';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { plainSmtpAccount, type SmtpPeer, startSmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile, openSignedIn } from './support/harness';

/** Mail settings (WAVE2 §3): saved through the screen, tested against a real SMTP peer. */
const SMTP_USER = 'console-mailer';
const SMTP_PASS = 'peer-pass-2718';
const REFUSAL = '5.7.8 That password is not known here';
const h = harnessForFile();
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer({ auth: { user: SMTP_USER, pass: SMTP_PASS, refusal: REFUSAL } });
  await h.t.database.db.update(users).set({ email: 'admin-inbox@example.com' }).where(eq(users.username, 'admin'));
});
afterAll(() => peer.close());

async function mailPage(lang: string, username = 'admin', password = TEST_ADMIN_PASSWORD): Promise<Page> {
  const page = await openSignedIn(h, username, password, lang);
  await page.goto('/message/mail');
  await page.getByTestId('mail-settings').waitFor();
  return page;
}

const form = (page: Page) => page.getByTestId('mail-form');

async function pickSecurity(page: Page, label: string) {
  await page.getByTestId('mail-security').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
}

describe('mail settings (en)', () => {
  it('saves the settings, proposes ports, keeps the password write-only and sends a test mail that arrives', async () => {
    const page = await mailPage('en');
    await page.getByTestId('mail-not-configured').waitFor();
    // Client-side checks first: nothing is sent with an empty form.
    await page.getByTestId('mail-save').click();
    await form(page).getByText('Please enter the SMTP server').waitFor();
    await form(page).getByText('Please enter the sender address').waitFor();

    await form(page).locator('input#host').fill('127.0.0.1');
    // Choosing a security proposes its usual port.
    expect(await form(page).locator('input#port').inputValue()).toBe('465');
    await pickSecurity(page, 'STARTTLS');
    expect(await form(page).locator('input#port').inputValue()).toBe('587');
    await pickSecurity(page, 'None (plain SMTP)');
    expect(await form(page).locator('input#port').inputValue()).toBe('25');
    await form(page).locator('input#port').fill(String(peer.port));
    await form(page).locator('input#username').fill(SMTP_USER);
    // A username on a plain connection: the form says the password would go unencrypted.
    await page.getByTestId('mail-plain-warning').waitFor();
    await form(page).locator('input#password').fill(SMTP_PASS);
    await form(page).locator('input#fromAddress').fill('console@example.com');
    await form(page).locator('input#fromName').fill('Agent Console');
    await page.getByTestId('mail-save').click();
    await page.getByText('Mail settings saved').waitFor();
    await page.getByTestId('mail-password-stored').waitFor();
    await page.getByTestId('mail-last-saved').waitFor();
    // The field is empty again: the password is never sent back.
    expect(await form(page).locator('input#password').inputValue()).toBe('');
    const [row] = await h.t.database.db.select().from(mailSettings);
    expect(row).toMatchObject({ host: '127.0.0.1', port: peer.port, security: 'none', username: SMTP_USER });
    expect(row?.passwordSealed).not.toContain(SMTP_PASS);

    // The recipient starts as the signed-in user's email.
    const test = page.getByTestId('mail-test-form');
    expect(await test.locator('input#to').inputValue()).toBe('admin-inbox@example.com');
    await page.getByTestId('mail-test-send').click();
    const success = page.getByTestId('mail-test-success');
    await success.waitFor();
    expect(await success.innerText()).toContain('Test mail sent to admin-inbox@example.com');
    const messageId = (await success.locator('code').innerText()).trim();
    const got = await peer.waitFor((m) => m.messageId === messageId);
    expect(got).toMatchObject({
      to: ['admin-inbox@example.com'],
      user: SMTP_USER,
      subject: 'Agent Console: test mail',
    });

    // A wrong password typed into the form (not saved) shows what failed, never the server's words.
    await form(page).locator('input#password').fill('not-the-password');
    await page.getByTestId('mail-test-send').click();
    const failed = page.getByTestId('mail-test-error');
    await failed.waitFor();
    const shown = await failed.innerText();
    expect(shown).toContain('The test mail was not sent');
    expect(shown).toContain('Authentication refused (the server did not accept the username or password) (SMTP 535)');
    expect(shown).not.toContain(REFUSAL);
    expect(await page.getByTestId('mail-test-success').count()).toBe(0);

    // Another port with the stored password: it must be typed again, said under the password field.
    await form(page).locator('input#password').fill('');
    await form(page)
      .locator('input#port')
      .fill(String(peer.port === 2525 ? 2526 : 2525));
    await page.getByTestId('mail-test-send').click();
    await form(page)
      .getByText('Password must be typed again: the SMTP server, port, encryption or username has changed')
      .waitFor();
  });

  it('shows only what the permissions allow', async () => {
    const admin = await h.t.loginAdmin();
    const f = fixtures(h.t, () => admin);
    const viewer = await f.member([MAIL_PERMISSIONS.query], 1);
    const page = await mailPage('en', viewer.username, viewer.password);
    await form(page).locator('input#host').waitFor();
    expect(await form(page).locator('input#host').isDisabled()).toBe(true);
    expect(await page.getByTestId('mail-save').count()).toBe(0);
    expect(await page.getByTestId('mail-test').count()).toBe(0);
  });
});

describe('mail settings (zh-chs)', () => {
  it('shows the stored settings in Chinese and sends a test mail in Chinese', async () => {
    // Saved through the API, so this run stands on its own.
    const saved = await h.t.call('POST', '/api/v3/message/mail/save', {
      token: await h.t.loginAdmin(),
      body: { ...plainSmtpAccount(peer.port, SMTP_USER, SMTP_PASS), fromAddress: 'console@example.com' },
    });
    expect(saved.body.code).toBe('00000');
    const page = await mailPage('zh-chs');
    await page.getByText('SMTP 服务器').first().waitFor();
    expect(await page.getByTestId('mail-password-stored').innerText()).toBe('已保存');
    expect(await form(page).locator('input#host').inputValue()).toBe('127.0.0.1');
    const test = page.getByTestId('mail-test-form');
    await test.locator('input#to').fill('zh-reader@example.com');
    await page.getByTestId('mail-test-send').click();
    const success = page.getByTestId('mail-test-success');
    await success.waitFor();
    expect(await success.innerText()).toContain('测试邮件已发送至 zh-reader@example.com');
    const got = await peer.waitFor((m) => m.to.includes('zh-reader@example.com'));
    expect(got.subject).toBe('Agent Console：测试邮件');
    expect(got.user).toBe(SMTP_USER);
  });
});
