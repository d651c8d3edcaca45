import {
  fieldLabel,
  MAIL_PERMISSIONS,
  type MailInfo,
  type MailSave,
  type MailTestResult,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { plainSmtpAccount, startSmtpPeer, useSmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import { eq, like, or } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailSettings, operationLogs, users } from '../../../db/schema';
import { createSecretBox } from '../../../lib/secret-box';
import { passwordPurpose } from './mail-password';
import { MAIL_ROW_ID } from './mail-settings';

const { t, admin, f } = useAdminApp();

const M = '/api/v3/message/mail';
const SMTP_USER = 'mailer@example.com';
const SMTP_PASS = 'Sm7p-pa55word-§';
const REFUSAL = '5.7.8 Credentials of the console rejected';
const peer = useSmtpPeer({ auth: { user: SMTP_USER, pass: SMTP_PASS, refusal: REFUSAL } });

beforeEach(async () => {
  await t.database.db.delete(mailSettings);
});

/** The purpose the password of `settings()` is sealed under: bound to its server, port, security and account. */
const savedPurpose = () =>
  passwordPurpose({ host: '127.0.0.1', port: peer.port, security: 'none', username: SMTP_USER });
const row = async () => (await t.database.db.select().from(mailSettings).where(eq(mailSettings.id, MAIL_ROW_ID)))[0];
const settings = (over: Partial<MailSave> = {}): MailSave => ({
  ...plainSmtpAccount(peer.port, SMTP_USER, SMTP_PASS),
  fromAddress: 'console@example.com',
  fromName: 'Agent Console',
  enabled: true,
  ...over,
});
const save = (body: object, token = admin()) => t.call<MailInfo>('POST', `${M}/save`, { token, body });
const test = (body: object, token = admin(), lang = 'en') =>
  t.call<MailTestResult>('POST', `${M}/test`, { token, body, lang });
const setEmail = (username: string, email: string | null) =>
  t.database.db.update(users).set({ email }).where(eq(users.username, username));

describe('mail settings: info and save', () => {
  it('answers the form’s defaults before anything is saved', async () => {
    const info = await f.ok<MailInfo>('GET', `${M}/info`);
    expect(info).toEqual({
      host: '',
      port: 465,
      security: 'ssl',
      username: '',
      hasPassword: false,
      fromAddress: '',
      fromName: '',
      enabled: true,
      updatedAt: null,
    });
  });

  it('saves and reads back, with the password sealed at rest and never answered in any form', async () => {
    const saved = await f.ok<MailInfo>('POST', `${M}/save`, settings());
    const info = await f.ok<MailInfo>('GET', `${M}/info`);
    expect(info).toEqual(saved);
    expect(info).toMatchObject({
      host: '127.0.0.1',
      port: peer.port,
      security: 'none',
      username: SMTP_USER,
      hasPassword: true,
      fromAddress: 'console@example.com',
      fromName: 'Agent Console',
      enabled: true,
    });
    expect(Date.parse(info.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const stored = await row();
    expect(stored?.passwordSealed).toMatch(/^v1\./);
    expect(stored?.passwordSealed).not.toContain(SMTP_PASS);
    expect(t.secretBox.open(stored?.passwordSealed ?? '', savedPurpose())).toBe(SMTP_PASS);
    // Neither the password nor its sealed form is in any answer.
    const raw = await t.call('GET', `${M}/info`, { token: admin() });
    const text = JSON.stringify(raw.body);
    expect(text).not.toContain(SMTP_PASS);
    expect(text).not.toContain(stored?.passwordSealed ?? '');
    expect(Object.keys(info)).not.toContain('password');
    expect(Object.keys(info)).not.toContain('passwordSealed');
  });

  it('takes the port that goes with the security when none is given', async () => {
    for (const [security, port] of [
      ['ssl', 465],
      ['starttls', 587],
      ['none', 25],
    ] as const) {
      const info = await f.ok<MailInfo>('POST', `${M}/save`, settings({ security, port: undefined }));
      expect(info.port, security).toBe(port);
    }
  });

  it('keeps the stored password when the field is empty, and removes it only when asked', async () => {
    await f.ok('POST', `${M}/save`, settings());
    const sealed = (await row())?.passwordSealed;
    const kept = await f.ok<MailInfo>('POST', `${M}/save`, settings({ password: '', fromName: 'Renamed' }));
    expect(kept).toMatchObject({ hasPassword: true, fromName: 'Renamed' });
    expect((await row())?.passwordSealed).toBe(sealed);
    const omitted = await f.ok<MailInfo>('POST', `${M}/save`, settings({ password: undefined }));
    expect(omitted.hasPassword).toBe(true);
    // A new password replaces it.
    await f.ok('POST', `${M}/save`, settings({ password: 'another-one' }));
    expect(t.secretBox.open((await row())?.passwordSealed ?? '', savedPurpose())).toBe('another-one');
    // Both at once is a contradiction.
    const both = await save(settings({ password: 'x', clearPassword: true }));
    expect(both.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'clearPassword' }] } });
    const cleared = await f.ok<MailInfo>('POST', `${M}/save`, settings({ password: '', clearPassword: true }));
    expect(cleared.hasPassword).toBe(false);
    expect((await row())?.passwordSealed).toBeNull();
  });

  it('asks for the password again when the server or account changes, so it cannot be sent elsewhere', async () => {
    await f.ok('POST', `${M}/save`, settings());
    const before = await row();
    const moved = await save(settings({ host: 'smtp.attacker.example', password: '' }));
    expect(moved.body).toMatchObject({
      code: 'A0410',
      data: { fields: [{ field: 'password', reason: 'mustRetype' }] },
    });
    expect(moved.body.message).toBe(
      'Password must be typed again: the SMTP server, port, encryption or username has changed',
    );
    const renamed = await save(settings({ username: 'someone-else', password: '' }));
    expect(renamed.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'password' }] } });
    expect(await row()).toEqual(before);
    // The host's case is no change; without a username (no AUTH) the old password is dropped.
    expect((await f.ok<MailInfo>('POST', `${M}/save`, settings({ host: '127.0.0.1', password: '' }))).hasPassword).toBe(
      true,
    );
    const anonymous = await f.ok<MailInfo>('POST', `${M}/save`, settings({ username: '', password: '' }));
    expect(anonymous).toMatchObject({ username: '', hasPassword: false });
    // A password needs a username to go with it.
    const lonely = await save(settings({ username: '', password: 'secret' }));
    expect(lonely.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'username', reason: 'required' }] } });
  });

  it('refuses bad input with A04xx naming the field, and writes nothing', async () => {
    await f.ok('POST', `${M}/save`, settings());
    const before = await row();
    const cases: [object, string, string][] = [
      [settings({ port: 0 }), 'port', 'A0420'],
      [settings({ port: 65_536 }), 'port', 'A0420'],
      [{ ...settings(), port: '25' }, 'port', 'A0400'],
      [settings({ port: 1.5 }), 'port', 'A0400'],
      [settings({ fromAddress: 'not-an-email' }), 'fromAddress', 'A0400'],
      [settings({ fromAddress: '' }), 'fromAddress', 'A0410'],
      [settings({ host: '' }), 'host', 'A0410'],
      [{ ...settings(), host: undefined }, 'host', 'A0410'],
      [settings({ host: 'smtp example.com' }), 'host', 'A0400'],
      [{ ...settings(), security: 'tls13' }, 'security', 'A0400'],
      [settings({ fromName: 'Evil\r\nBcc: victim@example.com' }), 'fromName', 'A0400'],
      [settings({ username: 'a\nb' }), 'username', 'A0400'],
      [settings({ password: 'x'.repeat(300) }), 'password', 'A0420'],
    ];
    for (const [body, field, code] of cases) {
      const res = await save(body);
      const what = `${field} ${JSON.stringify(body).slice(0, 120)}`;
      expect(res.body.code, what).toBe(code);
      expect(res.status, what).toBe(400);
      expect((res.body.data as unknown as { fields: { field: string }[] }).fields[0]?.field, what).toBe(field);
      expect(res.body.message, what).toContain(fieldLabel(field, 'en'));
    }
    expect(await row()).toEqual(before);
  });
});

describe('mail settings: who may', () => {
  it('each call needs its own permission (A0312) and nothing is written without it', async () => {
    const none = await f.member([MAIL_PERMISSIONS.query, MAIL_PERMISSIONS.test], 1);
    expect((await save(settings(), none.token)).body.code).toBe('A0312');
    expect(await row()).toBeUndefined();
    const noQuery = await f.member([MAIL_PERMISSIONS.edit, MAIL_PERMISSIONS.test], 1);
    expect((await t.call('GET', `${M}/info`, { token: noQuery.token })).body.code).toBe('A0312');
    const noTest = await f.member([MAIL_PERMISSIONS.query, MAIL_PERMISSIONS.edit], 1);
    expect((await test({ to: 'x@example.com' }, noTest.token)).body.code).toBe('A0312');
  });

  it('a customer’s administrator holding every mail permission but not data scope "all" is refused', async () => {
    const scoped = await f.member(Object.values(MAIL_PERMISSIONS), 4);
    expect((await t.call('GET', `${M}/info`, { token: scoped.token })).body.code).toBe('A0312');
    expect((await save(settings(), scoped.token)).body.code).toBe('A0312');
    expect((await test({ to: 'x@example.com' }, scoped.token)).body.code).toBe('A0312');
    expect(await row()).toBeUndefined();
    // The same permissions with scope "all" work.
    const all = await f.member(Object.values(MAIL_PERMISSIONS), 1);
    expect((await save(settings(), all.token)).body.code).toBe('00000');
  });

  it('testing unsaved settings (a host in the body) also needs the edit permission', async () => {
    await f.ok('POST', `${M}/save`, settings());
    const tester = await f.member([MAIL_PERMISSIONS.query, MAIL_PERMISSIONS.test], 1);
    const unsaved = await test({ ...settings(), to: 'a@example.com' }, tester.token);
    expect(unsaved.body.code).toBe('A0312');
    const saved = await test({ to: 'tester-saved@example.com' }, tester.token);
    expect(saved.body.code).toBe('00000');
    await peer.waitFor((m) => m.to.includes('tester-saved@example.com'));
  });
});

describe('mail settings: test mail through a real SMTP peer', () => {
  it('sends to the caller’s own email by default, authenticated, and the peer receives it', async () => {
    await setEmail('admin', 'admin-inbox@example.com');
    await f.ok('POST', `${M}/save`, settings());
    const sent = await f.ok<MailTestResult>('POST', `${M}/test`, {});
    expect(sent).toMatchObject({ sent: true, to: 'admin-inbox@example.com' });
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    const got = await peer.waitFor((m) => m.messageId === sent.messageId);
    expect(got).toMatchObject({
      to: ['admin-inbox@example.com'],
      from: 'console@example.com',
      user: SMTP_USER,
      subject: 'Agent Console: test mail',
    });
    expect(got.fromHeader).toContain('Agent Console');
    expect(got.text).toContain('sent by admin');
  });

  it('writes the test mail in the caller’s language and to an address given', async () => {
    await f.ok('POST', `${M}/save`, settings());
    const res = await test({ to: 'zh@example.com' }, admin(), 'zh-chs');
    expect(res.body.code).toBe('00000');
    const got = await peer.waitFor((m) => m.messageId === res.body.data.messageId);
    expect(got.subject).toBe('Agent Console：测试邮件');
    expect(got.text).toContain('能读到这封邮件');
  });

  it('a wrong password answers C0500 "authentication refused" with the reply code, not the server’s words', async () => {
    await f.ok('POST', `${M}/save`, settings({ password: 'wrong-password' }));
    const res = await test({ to: 'nobody@example.com' });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('C0500');
    expect(res.body.message).toBe(
      'Mail service error: authentication refused (the server did not accept the username or password) (SMTP 535)',
    );
    expect(res.body.data).toMatchObject({ failure: 'authRefused', smtpCode: 535 });
    expect(JSON.stringify(res.body)).not.toContain(REFUSAL);
    expect(res.body.message).not.toContain('wrong-password');
    const zh = await test({ to: 'nobody@example.com' }, admin(), 'zh-chs');
    expect(zh.body.message).toBe('邮件服务出错：认证被拒绝（服务器不接受该用户名或密码）（SMTP 535）');
    expect(peer.received.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it('a closed port fails at once as "connection refused"', async () => {
    const closed = await startSmtpPeer();
    const port = closed.port;
    await closed.close();
    await f.ok('POST', `${M}/save`, settings({ port, username: '', password: '' }));
    const res = await test({ to: 'x@example.com' });
    expect(res.body).toMatchObject({ code: 'C0500', data: { failure: 'refused' } });
    expect(res.body.message).toBe('Mail service error: connection refused (nothing accepts connections on that port)');
  });

  it('tests the settings in the body before they are saved, using the stored password only for its own server', async () => {
    await f.ok('POST', `${M}/save`, settings({ fromName: 'Saved name' }));
    const unsaved = await test({ ...settings({ password: '', fromName: 'Unsaved name' }), to: 'unsaved@example.com' });
    expect(unsaved.body.code).toBe('00000');
    const got = await peer.waitFor((m) => m.to.includes('unsaved@example.com'));
    expect(got.fromHeader).toContain('Unsaved name');
    expect(got.user).toBe(SMTP_USER);
    expect((await row())?.fromName).toBe('Saved name');
    // Another server with the stored password: refused, the password must be typed.
    const elsewhere = await test({ ...settings({ host: 'localhost', password: '' }), to: 'e@example.com' });
    expect(elsewhere.body).toMatchObject({
      code: 'A0410',
      data: { fields: [{ field: 'password', reason: 'mustRetype' }] },
    });
    const typed = await test({ ...settings({ host: 'localhost' }), to: 'typed@example.com' });
    expect(typed.body.code).toBe('00000');
    await peer.waitFor((m) => m.to.includes('typed@example.com'));
    // Settings in the body must be complete.
    const partial = await test({ host: '127.0.0.1', security: 'none', to: 'p@example.com' });
    expect(partial.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'fromAddress' }] } });
  });

  it('refuses with a field error when there is no recipient or nothing to send through', async () => {
    await setEmail('admin', null);
    await f.ok('POST', `${M}/save`, settings());
    const noTo = await test({});
    expect(noTo.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'to', reason: 'required' }] } });
    expect(noTo.body.message).toBe('Recipient is required');
    const badTo = await test({ to: 'not-an-address' });
    expect(badTo.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'to' }] } });
    await t.database.db.delete(mailSettings);
    const nothing = await test({ to: 'x@example.com' });
    expect(nothing.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'host' }] } });
  });

  it('a password sealed under another key is reported clearly, not sent as garbage', async () => {
    await f.ok('POST', `${M}/save`, settings());
    const otherKey = createSecretBox('a-different-secret-key-of-some-length-0123');
    await t.database.db
      .update(mailSettings)
      .set({ passwordSealed: otherKey.seal(SMTP_PASS, savedPurpose()) })
      .where(eq(mailSettings.id, MAIL_ROW_ID));
    const res = await test({ to: 'k@example.com' });
    expect(res.body.code).toBe('C0500');
    expect(res.body.message).toMatch(/cannot be decrypted.*different key.*enter the password again/);
    expect(peer.received.some((m) => m.to.includes('k@example.com'))).toBe(false);
  });
});

describe('mail settings: operation log', () => {
  it('records save and test without the password, in clear or sealed', async () => {
    const marker = 'Audit-Pa55word-unique-81';
    await f.ok('POST', `${M}/save`, settings({ password: marker }));
    await test({ ...settings({ password: marker }), to: 'audit@example.com' });
    await test({ ...settings({ password: 'wrong-Audit-Pa55' }), to: 'audit2@example.com' });
    await t.app.auditSettled();
    const rows = await t.database.db
      .select()
      .from(operationLogs)
      .where(or(like(operationLogs.path, `${M}/save`), like(operationLogs.path, `${M}/test`)))
      // Oldest first, so the last save is this test's: PostgreSQL returns rows in no set order.
      .orderBy(operationLogs.id);
    const save = rows.filter((r) => r.path === `${M}/save`);
    const tests = rows.filter((r) => r.path === `${M}/test`);
    expect(save.length).toBeGreaterThan(0);
    expect(tests.length).toBeGreaterThanOrEqual(2);
    const sealed = (await row())?.passwordSealed ?? '';
    for (const r of rows) {
      const text = JSON.stringify(r);
      expect(text).not.toContain(marker);
      expect(text).not.toContain('wrong-Audit-Pa55');
      expect(text).not.toContain(sealed);
    }
    expect(save.at(-1)?.params).toContain('"password":"******"');
    expect(tests.some((r) => r.status === 'failure' && r.errorCode === 'C0500')).toBe(true);
  });
});
