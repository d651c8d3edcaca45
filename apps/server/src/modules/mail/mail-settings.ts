import { MAIL_DEFAULT_PORTS, type MailInfo, type MailSecurity } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailSettings } from '../../db/schema';
import type { AppDeps } from '../../http/app-deps';
import type { SmtpOptions, SmtpSettings } from '../../integrations/mail';
import { AppError } from '../../lib/app-error';
import { type SecretBox, SecretBoxError } from '../../lib/secret-box';

/** What sending mail needs: the database, the key that opens the stored password, a log. */
export interface MailDeps {
  db: Db;
  secretBox: SecretBox;
  logger?: FastifyBaseLogger | undefined;
  /** Transport options (time-out, TLS trust); the defaults suit production. */
  smtp?: SmtpOptions;
}

export function mailDepsOf(deps: AppDeps): MailDeps {
  return { db: deps.database.db, secretBox: deps.secretBox, logger: deps.logger };
}

export type MailRow = typeof mailSettings.$inferSelect;

/** The single row of the product-wide setting (WAVE2 §15.9). */
export const MAIL_ROW_ID = 1;
/** Binds the sealed password to its column: a value sealed for anything else does not open here. */
export const PASSWORD_PURPOSE = 'mail_settings.password';

/** What the form shows before anything is saved. */
const DEFAULT_SECURITY: MailSecurity = 'ssl';

export async function readMailRow(db: Db): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailSettings).where(eq(mailSettings.id, MAIL_ROW_ID));
  return row;
}

/** The answer of info and save: everything but the password, of which only its existence. */
export function toMailInfo(row: MailRow | undefined): MailInfo {
  if (!row) {
    return {
      host: '',
      port: MAIL_DEFAULT_PORTS[DEFAULT_SECURITY],
      security: DEFAULT_SECURITY,
      username: '',
      hasPassword: false,
      fromAddress: '',
      fromName: '',
      enabled: true,
      updatedAt: null,
    };
  }
  return {
    host: row.host,
    port: row.port,
    security: asSecurity(row.security),
    username: row.username ?? '',
    hasPassword: !!row.passwordSealed,
    fromAddress: row.fromAddress,
    fromName: row.fromName ?? '',
    enabled: row.enabled,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function asSecurity(value: string): MailSecurity {
  return value === 'none' || value === 'starttls' || value === 'ssl' ? value : DEFAULT_SECURITY;
}

/**
 * The stored password in clear, for the one connection that needs it. A password sealed under
 * another key (SECRET_KEY changed) cannot be used: the caller is told to enter it again.
 */
export function openStoredPassword(box: SecretBox, row: MailRow): string | null {
  if (!row.passwordSealed) return null;
  try {
    return box.open(row.passwordSealed, PASSWORD_PURPOSE);
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    throw AppError.service(
      'C0500',
      `the stored SMTP password cannot be decrypted (${err.message}); enter the password again and save`,
    );
  }
}

/** The saved setting as the transport takes it, with the sender. */
export function smtpOf(
  box: SecretBox,
  row: MailRow,
): { smtp: SmtpSettings; from: { address: string; name: string | null } } {
  return {
    smtp: {
      host: row.host,
      port: row.port,
      security: asSecurity(row.security),
      username: row.username,
      password: openStoredPassword(box, row),
    },
    from: { address: row.fromAddress, name: row.fromName },
  };
}

/**
 * Whether a stored password may serve these settings: only for the server and account it was
 * saved for. Otherwise anyone who may edit the settings could point them at a server of their
 * own and receive the stored password in the AUTH command.
 */
export function storedPasswordApplies(row: MailRow | undefined, host: string, username: string | null): boolean {
  return !!row?.passwordSealed && row.host.toLowerCase() === host.toLowerCase() && (row.username ?? null) === username;
}
