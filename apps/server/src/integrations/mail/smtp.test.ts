import { createServer, type Server, type Socket } from 'node:net';
import { rejectionOf } from '@agent-console/server/test/fixtures/rejection';
import { selfSignedCertificate, startSmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailDeliveryError, type OutgoingMail, type SmtpSettings, sendSmtpMail } from './smtp';

const mail = (to: string, subject = 'Hello'): OutgoingMail => ({
  from: { address: 'console@example.com', name: 'Agent Console 控制台' },
  to,
  subject,
  text: 'Line one\nZeile zwei: äöü — 第三行',
});

const failure = (promise: Promise<unknown>) => rejectionOf(promise, MailDeliveryError, 'expected the delivery to fail');

let certificate: { key: string; cert: string };
beforeAll(() => {
  certificate = selfSignedCertificate();
});

describe('SMTP transport', () => {
  it('delivers over a plain connection with the sender name and text intact', async () => {
    const peer = await startSmtpPeer();
    try {
      const settings: SmtpSettings = { host: '127.0.0.1', port: peer.port, security: 'none' };
      const sent = await sendSmtpMail(settings, mail('plain@example.com', 'Grüße 你好'));
      const got = await peer.waitFor((m) => m.to.includes('plain@example.com'));
      expect(got).toMatchObject({ from: 'console@example.com', subject: 'Grüße 你好', secure: false });
      expect(got.fromHeader).toContain('Agent Console 控制台');
      expect(got.text).toContain('Zeile zwei: äöü — 第三行');
      expect(got.messageId).toBe(sent.messageId);
      expect(sent.response).toMatch(/^250/);
    } finally {
      await peer.close();
    }
  });

  it('authenticates with the right password and reports the server’s own words for a wrong one', async () => {
    const peer = await startSmtpPeer({
      auth: { user: 'mailer', pass: 'right-pass', refusal: 'Credentials rejected by peer 7f3a' },
    });
    try {
      const base: SmtpSettings = { host: '127.0.0.1', port: peer.port, security: 'none', username: 'mailer' };
      await sendSmtpMail({ ...base, password: 'right-pass' }, mail('auth@example.com'));
      expect((await peer.waitFor((m) => m.to.includes('auth@example.com'))).user).toBe('mailer');
      const err = await failure(sendSmtpMail({ ...base, password: 'wrong-pass' }, mail('nope@example.com')));
      expect(err.kind).toBe('EAUTH');
      expect(err.responseCode).toBe(535);
      expect(err).toMatchObject({ failure: 'authRefused', smtpCode: 535 });
      // The server's words are kept for the operator's log, never for a caller.
      expect(err.reason).toContain('Credentials rejected by peer 7f3a');
      expect(err.reason).not.toContain('wrong-pass');
      expect(peer.received.some((m) => m.to.includes('nope@example.com'))).toBe(false);
    } finally {
      await peer.close();
    }
  });

  it('upgrades with STARTTLS and speaks TLS from the first byte for SSL/TLS', async () => {
    const starttls = await startSmtpPeer({ tls: 'starttls', certificate });
    const ssl = await startSmtpPeer({ tls: 'ssl', certificate });
    try {
      const tls = { ca: certificate.cert };
      await sendSmtpMail({ host: 'localhost', port: starttls.port, security: 'starttls' }, mail('st@example.com'), {
        tls,
      });
      expect((await starttls.waitFor((m) => m.to.includes('st@example.com'))).secure).toBe(true);
      await sendSmtpMail({ host: 'localhost', port: ssl.port, security: 'ssl' }, mail('ssl@example.com'), { tls });
      expect((await ssl.waitFor((m) => m.to.includes('ssl@example.com'))).secure).toBe(true);
      // A certificate nobody vouches for is refused, and the reason says so.
      const untrusted = await failure(
        sendSmtpMail({ host: 'localhost', port: ssl.port, security: 'ssl' }, mail('x@example.com')),
      );
      expect(untrusted.reason).toMatch(/certificate/i);
      expect(untrusted.failure).toBe('certificate');
      // SSL/TLS against a port that speaks plain SMTP: the handshake fails.
      const wrongPort = await failure(
        sendSmtpMail({ host: 'localhost', port: starttls.port, security: 'ssl' }, mail('w@example.com'), { tls }),
      );
      expect(wrongPort.failure).toBe('tlsFailed');
    } finally {
      await starttls.close();
      await ssl.close();
    }
  });

  it('"none" stays plain even when STARTTLS is offered; "starttls" refuses a server without it', async () => {
    const offering = await startSmtpPeer({ tls: 'starttls', certificate });
    const plainOnly = await startSmtpPeer();
    try {
      await sendSmtpMail({ host: '127.0.0.1', port: offering.port, security: 'none' }, mail('n@example.com'));
      expect((await offering.waitFor((m) => m.to.includes('n@example.com'))).secure).toBe(false);
      const err = await failure(
        sendSmtpMail({ host: '127.0.0.1', port: plainOnly.port, security: 'starttls' }, mail('s@example.com')),
      );
      // nodemailer insists on STARTTLS; the peer's refusal is what the caller reads.
      expect(err.reason).toBe('STARTTLS: 500 Error: command not recognized');
      expect(err).toMatchObject({ failure: 'noStarttls', smtpCode: 500 });
      expect(plainOnly.received).toHaveLength(0);
    } finally {
      await offering.close();
      await plainOnly.close();
    }
  });
});

describe('dead and silent servers fail quickly', () => {
  let silent: Server;
  let silentPort: number;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts the connection and never says a word: what a hung or wrong service looks like.
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('a closed port answers at once with the connection error', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const err = await failure(sendSmtpMail({ host: '127.0.0.1', port, security: 'none' }, mail('a@example.com')));
    expect(err.kind).toBe('ESOCKET');
    expect(err.reason).toContain('ECONNREFUSED');
    expect(err.failure).toBe('refused');
    expect(err.smtpCode).toBeUndefined();
  });

  it('a server that never greets is given up after the time-out, not minutes', async () => {
    const started = Date.now();
    const err = await failure(
      sendSmtpMail({ host: '127.0.0.1', port: silentPort, security: 'none' }, mail('b@example.com'), {
        timeoutMs: 400,
      }),
    );
    expect(err.reason).toMatch(/greeting/i);
    expect(err.failure).toBe('timedOut');
    // Well under nodemailer's own 30 s greeting limit, which is what a missed time-out would take;
    // a loaded CI machine delays a 400 ms timer by seconds, never by twenty.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
