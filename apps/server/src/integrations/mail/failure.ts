import type { MailFailure } from '@agent-console/contracts';

/** The parts of a nodemailer error the category is read from; none of its text reaches a caller. */
export interface NodemailerErrorLike {
  /** nodemailer's classification: ESOCKET, ECONNECTION, ETIMEDOUT, EDNS, ETLS, EPROTOCOL, EAUTH, … */
  code?: string | undefined;
  /** The system's code under nodemailer's (ECONNREFUSED, ENOTFOUND, DEPTH_ZERO_SELF_SIGNED_CERT, …). */
  originalCode?: string | undefined;
  /** The SMTP command that failed: CONN, EHLO, STARTTLS, AUTH PLAIN, MAIL FROM, RCPT TO, DATA, API. */
  command?: string | undefined;
  responseCode?: number | undefined;
}

const NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL']);
const UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH/;
const TLS = /^ERR_SSL_|^ERR_TLS_|^ERR_OSSL_/;
/** After these the peer has greeted as an SMTP server, so its reply code is a fact about SMTP, not a banner. */
const SMTP_CODE_FAILURES: ReadonlySet<MailFailure> = new Set([
  'noStarttls',
  'authRefused',
  'senderRefused',
  'recipientRefused',
  'messageRefused',
]);

/**
 * The category of a failed delivery, read only from codes (never from the text the peer sent),
 * and the SMTP reply code when the peer had already proved to be an SMTP server.
 */
export function classifyMailFailure(err: NodemailerErrorLike): { failure: MailFailure; smtpCode?: number } {
  const failure = categoryOf(err);
  const code = err.responseCode;
  const smtpCode =
    SMTP_CODE_FAILURES.has(failure) && Number.isInteger(code) && code !== undefined && code >= 200 && code <= 599
      ? code
      : undefined;
  return smtpCode === undefined ? { failure } : { failure, smtpCode };
}

function categoryOf(err: NodemailerErrorLike): MailFailure {
  const system = err.originalCode ?? '';
  const command = err.command ?? '';
  if (err.code === 'EDNS' || NOT_FOUND.has(system)) return 'hostNotFound';
  if (system === 'ECONNREFUSED') return 'refused';
  if (UNREACHABLE.has(system)) return 'unreachable';
  if (err.code === 'ETIMEDOUT' || system === 'ETIMEDOUT') return 'timedOut';
  if (CERTIFICATE.test(system)) return 'certificate';
  // The server answered STARTTLS with a refusal (or never offered it while it was required).
  if (err.code === 'ETLS' && command === 'STARTTLS' && err.responseCode) return 'noStarttls';
  if (err.code === 'ETLS' || TLS.test(system)) return 'tlsFailed';
  if (err.code === 'EPROTOCOL') return 'notSmtp';
  if (err.code === 'EAUTH') return command.startsWith('AUTH') ? 'authRefused' : 'passwordMissing';
  if (err.code === 'EENVELOPE') {
    if (command === 'MAIL FROM') return 'senderRefused';
    if (command === 'DATA') return 'messageRefused';
    return 'recipientRefused';
  }
  if (err.code === 'EMESSAGE') return 'messageRefused';
  // EHLO refused while STARTTLS is required: HELO cannot upgrade, so there is no way to encrypt.
  if (err.code === 'ECONNECTION' && command === 'EHLO' && err.responseCode !== 421) return 'noStarttls';
  // A peer that hangs up (FIN or reset) before the exchange is over.
  if (err.code === 'ECONNECTION' || system === 'ECONNRESET' || system === 'EPIPE') return 'closed';
  return 'failed';
}
