import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import type { MailFailure } from '@agent-console/contracts';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { stripControlCharacters } from '../../lib/control-characters';
import { classifyMailFailure } from './failure';

/** How the connection is protected: plain, upgraded with STARTTLS, or TLS from the first byte. */
export type SmtpSecurity = 'none' | 'starttls' | 'ssl';

export interface SmtpSettings {
  host: string;
  port: number;
  security: SmtpSecurity;
  /** No username: the server is used without AUTH. */
  username?: string | null;
  password?: string | null;
}

export interface OutgoingMail {
  from: { address: string; name?: string | null };
  to: string;
  subject: string;
  text: string;
}

export interface SmtpOptions {
  /**
   * Limit for connecting, for the greeting and for each silence on the socket. Without one a dead
   * host keeps the caller waiting for minutes (nodemailer waits up to 2 minutes for a connection).
   */
  timeoutMs?: number;
  /** Extra TLS options, e.g. `ca` for a server whose certificate a private authority signed. */
  tls?: ConnectionOptions;
}

export interface SentMail {
  messageId: string;
  /** The server's answer to the message, e.g. `250 2.0.0 Ok: queued as 1234`. */
  response: string;
}

/**
 * A delivery that failed. `failure` is its fixed category and is all a caller may be shown;
 * `reason` is what the other side said (`535 5.7.8 Authentication failed`) or what went wrong on
 * the way (`connect ECONNREFUSED …`), for the server's log only: the peer may not be an SMTP
 * server at all, and its first line is nobody's business but the operator's.
 */
export class MailDeliveryError extends Error {
  constructor(
    readonly reason: string,
    /** nodemailer's classification: EAUTH, ECONNECTION, ETIMEDOUT, ETLS, EENVELOPE, … */
    readonly kind: string | undefined,
    readonly responseCode: number | undefined,
    readonly failure: MailFailure = 'failed',
    /** The reply code of a peer that greeted as SMTP, for the failures that follow a greeting. */
    readonly smtpCode?: number,
  ) {
    super(reason);
    this.name = 'MailDeliveryError';
  }
}

export const SMTP_TIMEOUT_MS = 10_000;
const REASON_MAX = 500;

/** nodemailer's transport options for these settings. */
export function transportOptions(settings: SmtpSettings, options: SmtpOptions = {}): SMTPTransport.Options {
  const timeout = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'ssl',
    // "none" means plain: no opportunistic upgrade that could fail on a certificate nobody asked for.
    ignoreTLS: settings.security === 'none',
    // STARTTLS is required, never skipped: a server that stops offering it must not get the password in clear.
    requireTLS: settings.security === 'starttls',
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    dnsTimeout: timeout,
    socketTimeout: timeout * 3,
    // SNI carries names only (RFC 6066); an address is checked against the certificate without it.
    tls: { ...(isIP(settings.host) ? {} : { servername: settings.host }), ...options.tls },
    logger: false,
    debug: false,
  };
}

/** Sends one message over a connection opened for it and closed after it. */
export async function sendSmtpMail(
  settings: SmtpSettings,
  mail: OutgoingMail,
  options: SmtpOptions = {},
): Promise<SentMail> {
  const transport = nodemailer.createTransport(transportOptions(settings, options));
  try {
    const info = await transport.sendMail({
      from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return { messageId: info.messageId, response: info.response };
  } catch (err) {
    throw deliveryError(err);
  } finally {
    transport.close();
  }
}

interface NodemailerError {
  message?: unknown;
  response?: unknown;
  responseCode?: unknown;
  code?: unknown;
  originalCode?: unknown;
  command?: unknown;
}

const textOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The failure's category (from codes only), and for the log the server's own words when it
 * answered (after the command they answer: `STARTTLS: 500 …`), else the failure's message; one
 * line, capped.
 */
export function deliveryError(err: unknown): MailDeliveryError {
  const e = (err && typeof err === 'object' ? err : { message: String(err) }) as NodemailerError;
  const said = typeof e.response === 'string' && e.response.trim() ? e.response : undefined;
  const command = typeof e.command === 'string' && e.command !== 'CONN' ? e.command : undefined;
  const message = typeof e.message === 'string' ? e.message : String(err);
  const reason = oneLine(said ? (command ? `${command}: ${said}` : said) : message) || 'unknown failure';
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const { failure, smtpCode } = classifyMailFailure({
    code: textOrUndefined(e.code),
    originalCode: textOrUndefined(e.originalCode),
    command: textOrUndefined(e.command),
    responseCode,
  });
  return new MailDeliveryError(reason, textOrUndefined(e.code), responseCode, failure, smtpCode);
}

function oneLine(text: string): string {
  const flat = stripControlCharacters(text.replace(/\s+/g, ' ')).trim();
  return flat.length > REASON_MAX ? `${flat.slice(0, REASON_MAX - 1)}…` : flat;
}
