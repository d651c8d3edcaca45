import { MAIL_FAILURE_TEXTS, MAIL_FAILURES, mailFailureText } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { classifyMailFailure, type NodemailerErrorLike } from './failure';
import { deliveryError } from './smtp';

/**
 * The category of a failed delivery comes from error codes only. Failures no socket test reaches
 * deterministically (DNS, routing, the envelope) are checked here on the errors nodemailer makes.
 */
describe('mail failure categories', () => {
  const cases: [NodemailerErrorLike, string, number?][] = [
    [{ code: 'EDNS', originalCode: 'ENOTFOUND', command: 'CONN' }, 'hostNotFound'],
    [{ code: 'EDNS', originalCode: 'EAI_AGAIN', command: 'CONN' }, 'hostNotFound'],
    [{ code: 'ESOCKET', originalCode: 'ENOTFOUND', command: 'CONN' }, 'hostNotFound'],
    [{ code: 'ESOCKET', originalCode: 'ECONNREFUSED', command: 'CONN' }, 'refused'],
    [{ code: 'ESOCKET', originalCode: 'EHOSTUNREACH', command: 'CONN' }, 'unreachable'],
    [{ code: 'ESOCKET', originalCode: 'ENETUNREACH', command: 'CONN' }, 'unreachable'],
    [{ code: 'ETIMEDOUT', command: 'CONN' }, 'timedOut'],
    [{ code: 'ECONNECTION', command: 'CONN' }, 'closed'],
    [{ code: 'ESOCKET', originalCode: 'ECONNRESET', command: 'CONN' }, 'closed'],
    // A peer that sent a 5xx line before hanging up is still only "closed": it never greeted.
    [{ code: 'ECONNECTION', command: 'CONN', responseCode: 554 }, 'closed'],
    [{ code: 'ECONNECTION', command: 'EHLO', responseCode: 421 }, 'closed'],
    [{ code: 'ECONNECTION', command: 'EHLO', responseCode: 500 }, 'noStarttls', 500],
    [{ code: 'EPROTOCOL', command: 'CONN', responseCode: 500 }, 'notSmtp'],
    [{ code: 'ESOCKET', originalCode: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, 'certificate'],
    [{ code: 'ESOCKET', originalCode: 'ERR_TLS_CERT_ALTNAME_INVALID' }, 'certificate'],
    [{ code: 'ESOCKET', originalCode: 'CERT_HAS_EXPIRED' }, 'certificate'],
    [{ code: 'ESOCKET', originalCode: 'ERR_SSL_WRONG_VERSION_NUMBER' }, 'tlsFailed'],
    [{ code: 'ETLS', command: 'CONN' }, 'tlsFailed'],
    [{ code: 'ETLS', command: 'STARTTLS', responseCode: 454 }, 'noStarttls', 454],
    [{ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 }, 'authRefused', 535],
    [{ code: 'EAUTH', command: 'AUTH LOGIN', responseCode: 534 }, 'authRefused', 534],
    [{ code: 'EAUTH', command: 'API' }, 'passwordMissing'],
    [{ code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 553 }, 'senderRefused', 553],
    [{ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 }, 'recipientRefused', 550],
    [{ code: 'EENVELOPE', command: 'DATA', responseCode: 554 }, 'messageRefused', 554],
    [{ code: 'EMESSAGE', command: 'DATA', responseCode: 552 }, 'messageRefused', 552],
    [{ code: 'ESTREAM', command: 'API' }, 'failed'],
    [{}, 'failed'],
  ];

  it.each(cases)('%j is %s', (err, failure, smtpCode) => {
    expect(classifyMailFailure(err)).toEqual(smtpCode === undefined ? { failure } : { failure, smtpCode });
  });

  it('reads nothing from the text: a peer’s words cannot steer the category or reach it', () => {
    const err = deliveryError(
      Object.assign(new Error('Invalid greeting. response=220-SSH-2.0 ECONNREFUSED certificate'), {
        code: 'EPROTOCOL',
        response: '220-SSH-2.0 ECONNREFUSED certificate',
        responseCode: 220,
        command: 'CONN',
      }),
    );
    expect(err).toMatchObject({ failure: 'notSmtp', smtpCode: undefined });
    expect(err.reason).toContain('SSH-2.0');
  });

  it('every category has a sentence in all four languages; the reply code is appended', () => {
    for (const failure of MAIL_FAILURES) {
      for (const text of Object.values(MAIL_FAILURE_TEXTS[failure])) expect(text.trim(), failure).not.toBe('');
    }
    expect(mailFailureText('authRefused', 'en', 535)).toMatch(/^authentication refused .*\(SMTP 535\)$/);
    expect(mailFailureText('authRefused', 'zh-chs', 535)).toMatch(/（SMTP 535）$/);
  });
});
