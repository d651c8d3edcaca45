import type { MailInfo, MailSave, MailTestResult } from '@agent-console/contracts';
import {
  type SmtpListener,
  startSmtpListener,
  useSmtpListener,
} from '@agent-console/server/test/fixtures/smtp-listener';
import { useTestApp } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailSettings } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { createSecretBox } from '../../../lib/secret-box';
import { type MailTarget, openPassword, passwordPurpose, sealPassword } from './mail-password';
import { MAIL_ROW_ID } from './mail-settings';

/**
 * Security issue 4: a stored SMTP password followed a changed port or security. Saving the
 * settings once and then testing or saving with only the port (or starttls → none) changed sent
 * the stored password to that other port, or in clear. A listener that records every byte stands
 * on the other port and proves that nothing of the password reaches it.
 */
const t = useTestApp();
const listener = useSmtpListener({ kind: 'smtp' });

const M = '/api/v3/message/mail';
const USER = 'mailer@example.com';
const PASS = 'Stored-Secret-4a7f-§';
const RETYPE = 'Password must be typed again: the SMTP server, port, encryption or username has changed';

beforeEach(async () => {
  await t.database.db.delete(mailSettings);
});

/** A port other than the listener's; saving connects nowhere, so it needs no server behind it. */
const otherPort = () => (listener.port === 2525 ? 2526 : 2525);
const settings = (over: Partial<MailSave> = {}): MailSave => ({
  host: '127.0.0.1',
  port: otherPort(),
  security: 'none',
  username: USER,
  password: PASS,
  fromAddress: 'console@example.com',
  enabled: true,
  ...over,
});
const call = async (path: 'save' | 'test', body: object, lang = 'en') =>
  t.call<MailInfo | MailTestResult>('POST', `${M}/${path}`, { token: await t.loginAdmin(), body, lang });
const row = async () => (await t.database.db.select().from(mailSettings).where(eq(mailSettings.id, MAIL_ROW_ID)))[0];

/** Every form the password takes on the wire: as is, in AUTH PLAIN, in AUTH LOGIN. */
function passwordTraces(user: string, pass: string): string[] {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return [Buffer.from(pass, 'utf8').toString('latin1'), b64(`\0${user}\0${pass}`), b64(pass)];
}

function expectNothingReachedTheListener() {
  expect(listener.connections).toBe(0);
  expect(listener.authCommands).toEqual([]);
  expect(listener.received).not.toMatch(/AUTH/i);
  for (const trace of passwordTraces(USER, PASS)) expect(listener.received).not.toContain(trace);
}

describe('a stored SMTP password serves only the server, port, security and account it was typed for', () => {
  it('a test or save that changes only the port, without the password, is refused naming the password; nothing reaches the new port', async () => {
    expect((await call('save', settings())).body.code).toBe('00000');
    const before = await row();
    const moved = { ...settings({ port: listener.port, password: '' }), to: 'moved@example.com' };

    const tested = await call('test', moved);
    expect(tested.status).toBe(400);
    expect(tested.body).toEqual({
      code: 'A0410',
      message: RETYPE,
      data: { fields: [{ field: 'password', reason: 'mustRetype' }] },
    });
    const saved = await call('save', settings({ port: listener.port, password: '' }));
    expect(saved.body).toMatchObject({
      code: 'A0410',
      data: { fields: [{ field: 'password', reason: 'mustRetype' }] },
    });
    expect(await row()).toEqual(before);
    // The reason speaks the caller's language.
    expect((await call('test', moved, 'ja')).body.message).toBe(
      'パスワードを再入力してください：SMTP サーバー、ポート、暗号化またはユーザー名が変更されました',
    );
    expect((await call('test', moved, 'zh-cht')).body.message).toBe(
      '密碼需要重新輸入：SMTP 伺服器、連接埠、加密方式或使用者名稱已變更',
    );
    expectNothingReachedTheListener();

    // The same call with the password typed goes through: the listener would have seen AUTH.
    const typed = await call('test', { ...moved, password: 'Typed-For-B-91' });
    expect(typed.body.code).toBe('00000');
    expect(listener.authCommands).toHaveLength(1);
    expect(listener.received).toContain(Buffer.from(`\0${USER}\0Typed-For-B-91`).toString('base64'));
    for (const trace of passwordTraces(USER, PASS)) expect(listener.received).not.toContain(trace);
  });
});

describe('security changed to "none"', () => {
  let plain: SmtpListener;
  beforeEach(async () => {
    plain = await startSmtpListener({ kind: 'smtp' });
  });
  afterEach(async () => {
    await plain.close();
  });

  it('starttls → none without the password is refused naming it, and the stored password never goes in clear', async () => {
    const encrypted = settings({ port: plain.port, security: 'starttls' });
    expect((await call('save', encrypted)).body.code).toBe('00000');
    const before = await row();
    const downgraded = { ...encrypted, security: 'none' as const, password: '' };

    const tested = await call('test', { ...downgraded, to: 'clear@example.com' });
    expect(tested.body).toMatchObject({
      code: 'A0410',
      message: RETYPE,
      data: { fields: [{ field: 'password', reason: 'mustRetype' }] },
    });
    const saved = await call('save', downgraded);
    expect(saved.body).toMatchObject({
      code: 'A0410',
      data: { fields: [{ field: 'password', reason: 'mustRetype' }] },
    });
    expect(await row()).toEqual(before);
    expect(plain.connections).toBe(0);

    // The saved STARTTLS settings against a server that does not upgrade: refused before any AUTH.
    const saved2 = await call('test', { to: 'saved@example.com' });
    expect(saved2.body).toMatchObject({ code: 'C0500', data: { failure: 'noStarttls' } });
    expect(plain.authCommands).toEqual([]);
    expect(plain.received).toMatch(/^EHLO .*\r\nSTARTTLS\r\n/);
    for (const trace of passwordTraces(USER, PASS)) expect(plain.received).not.toContain(trace);
  });

  it('a password goes in clear only when "none" was chosen with it typed, and then only to that same target', async () => {
    const clear = settings({ port: plain.port, security: 'none', password: 'Clear-By-Choice-5' });
    // Typed with "none" in this very request: the one who typed it chose clear text.
    expect((await call('test', { ...clear, to: 'chosen@example.com' })).body.code).toBe('00000');
    // Saved that way, the stored password serves that same plain target, and nothing else.
    expect((await call('save', clear)).body.code).toBe('00000');
    expect((await call('test', { to: 'stored@example.com' })).body.code).toBe('00000');
    expect(plain.authCommands).toHaveLength(2);
    const elsewhere = await call('test', { ...clear, port: otherPort(), password: '', to: 'x@example.com' });
    expect(elsewhere.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'password' }] } });
  });
});

describe('the sealed password is bound to its target', () => {
  const box = createSecretBox('a-secret-key-for-the-binding-test-0123456789');
  const target: MailTarget = { host: 'smtp.example.com', port: 587, security: 'starttls', username: 'u' };

  it('opens for its own target (host in any case) and for no other port, security, host or account', () => {
    const sealed = sealPassword(box, 'p4ss', target);
    expect(openPassword(box, sealed, target)).toBe('p4ss');
    expect(openPassword(box, sealed, { ...target, host: 'SMTP.Example.COM' })).toBe('p4ss');
    for (const other of [
      { ...target, port: 25 },
      { ...target, security: 'none' as const },
      { ...target, security: 'ssl' as const },
      { ...target, host: 'smtp.attacker.example' },
      { ...target, username: 'v' },
    ]) {
      expect(() => openPassword(box, sealed, other), JSON.stringify(other)).toThrow(AppError);
    }
  });

  it('a password stored before the binding still opens for an encrypted connection, never for "none"', () => {
    const legacy = box.seal('old-pass', 'mail_settings.password');
    expect(openPassword(box, legacy, target)).toBe('old-pass');
    expect(() => openPassword(box, legacy, { ...target, security: 'none' })).toThrow(AppError);
    expect(passwordPurpose(target)).not.toBe('mail_settings.password');
  });
});
