import { MAIL_DEFAULT_PORTS, type MailInfo, type MailSecurity } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { mailSettings } from '../../../db/schema';
import type { AppDeps } from '../../../http/app-deps';
import type { SmtpOptions, SmtpSettings } from '../../../integrations/mail';
import type { BackgroundTasks } from '../../../lib/background-tasks';
import type { SecretBox } from '../../../lib/secret-box';
import { type MailTarget, openPassword } from './mail-password';

/** What sending mail needs: the database, the key that opens the stored password, a log. */
export interface MailDeps {
  db: Db;
  secretBox: SecretBox;
  logger?: FastifyBaseLogger | undefined;
  /** Transport options (time-out, TLS trust); the defaults suit production. */
  smtp?: SmtpOptions;
  /** Where mail sent without waiting runs (`notifyInBackground`), so the app's close waits for it. */
  tasks?: BackgroundTasks | undefined;
}

export function mailDepsOf(deps: AppDeps): MailDeps {
  return { db: deps.database.db, secretBox: deps.secretBox, logger: deps.logger, tasks: deps.tasks };
}

export type MailRow = typeof mailSettings.$inferSelect;

/** The single row of the product-wide setting (WAVE2 §15.9). */
export const MAIL_ROW_ID = 1;

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

/** The target the row's password (if any) was typed for. */
export function rowTarget(row: MailRow): MailTarget {
  return { host: row.host, port: row.port, security: asSecurity(row.security), username: row.username ?? null };
}

/** The saved setting as the transport takes it, with the sender. */
export function smtpOf(
  box: SecretBox,
  row: MailRow,
): { smtp: SmtpSettings; from: { address: string; name: string | null } } {
  const target = rowTarget(row);
  return {
    smtp: { ...target, password: row.passwordSealed ? openPassword(box, row.passwordSealed, target) : null },
    from: { address: row.fromAddress, name: row.fromName },
  };
}
