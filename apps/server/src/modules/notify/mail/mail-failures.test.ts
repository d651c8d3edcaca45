import type { MailTestResult } from '@agent-console/contracts';
import { closedPort } from '@agent-console/server/test/child-server';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { type ListenerScript, startSmtpListener } from '@agent-console/server/test/fixtures/smtp-listener';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operationLogs } from '../../../db/schema';

/**
 * Security issue 7: the test mail was a loopback port scanner. Pointed at 127.0.0.1:<port> it
 * echoed the first line of whatever answered. Now a failure is a fixed category in the caller's
 * language; nothing the peer sent reaches the answer or the operation log.
 */
const { t, admin } = useAdminApp();

const TEST = '/api/v3/message/mail/test';
const TOKEN = 'secret-banner-token';

/** Unsaved settings pointing at `port`, plain, with or without an account. */
const body = (port: number, over: object = {}) => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  fromAddress: 'console@example.com',
  to: 'probe@example.com',
  ...over,
});
const probe = (port: number, over: object = {}, lang = 'en') =>
  t.call<MailTestResult>('POST', TEST, { token: admin(), body: body(port, over), lang });

async function against(script: ListenerScript, over: object = {}, lang = 'en') {
  const listener = await startSmtpListener(script);
  try {
    return await probe(listener.port, over, lang);
  } finally {
    await listener.close();
  }
}

describe('a failed test mail names a category and never echoes the peer', () => {
  it('a service with a non-SMTP banner is "not an SMTP server", and its banner appears nowhere', async () => {
    const banner = `SSH-2.0-OpenSSH_9.6 ${TOKEN}\r\n`;
    const res = await against({ kind: 'banner', banner });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'C0500',
      message:
        'Mail service error: not an SMTP server (the service on that port did not greet as one); check the host and port',
      data: {
        detail: 'not an SMTP server (the service on that port did not greet as one); check the host and port',
        failure: 'notSmtp',
      },
    });
    const zh = await against({ kind: 'banner', banner }, {}, 'zh-chs');
    expect(zh.body.message).toBe(
      '邮件服务出错：不是 SMTP 服务器（该端口上的服务未按 SMTP 方式应答）；请检查主机和端口',
    );
    for (const answer of [res, zh]) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('SSH-2.0');
      expect(text).not.toContain('OpenSSH');
    }
    // Nor does the operation log keep it: the failure is recorded by its category.
    await t.app.auditSettled();
    const logged = await t.database.db.select().from(operationLogs).where(like(operationLogs.path, TEST));
    expect(logged.some((r) => r.errorCode === 'C0500')).toBe(true);
    for (const r of logged) expect(JSON.stringify(r)).not.toContain(TOKEN);
  });

  it('a listener that hangs up at once is "connection closed"', async () => {
    const res = await against({ kind: 'close' });
    expect(res.body).toMatchObject({ code: 'C0500', data: { failure: 'closed' } });
    expect(res.body.message).toBe(
      'Mail service error: connection closed (the server hung up before the mail was sent)',
    );
  });

  it('a port nothing listens on is "connection refused"', async () => {
    const res = await probe(await closedPort());
    expect(res.body).toMatchObject({ code: 'C0500', data: { failure: 'refused' } });
    expect(res.body.message).toBe('Mail service error: connection refused (nothing accepts connections on that port)');
    expect(res.body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });

  it('an SMTP server that refuses AUTH is "authentication refused" with its reply code, not its words', async () => {
    const refusal = `535 5.7.8 ${TOKEN} credentials rejected`;
    const res = await against(
      { kind: 'smtp', authReply: refusal },
      { username: 'someone', password: 'Typed-Pass-77' },
      'ja',
    );
    expect(res.body).toMatchObject({ code: 'C0500', data: { failure: 'authRefused', smtpCode: 535 } });
    expect(res.body.message).toBe(
      'メールサービスのエラー：認証が拒否されました（サーバーがユーザー名またはパスワードを受け付けませんでした）（SMTP 535）',
    );
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('5.7.8');
    expect(text).not.toContain('Typed-Pass-77');
  });
});
