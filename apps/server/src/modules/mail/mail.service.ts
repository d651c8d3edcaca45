import {
  type Language,
  MAIL_DEFAULT_PORTS,
  type MailInfo,
  type MailTestResult,
  type mailSaveSchema,
  type mailTestSchema,
} from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { mailSettings, users } from '../../db/schema';
import type { AuthContext } from '../../http/request-context';
import { MailDeliveryError, type SmtpSettings, sendSmtpMail } from '../../integrations/mail';
import { AppError } from '../../lib/app-error';
import {
  MAIL_ROW_ID,
  type MailDeps,
  type MailRow,
  openStoredPassword,
  PASSWORD_PURPOSE,
  readMailRow,
  smtpOf,
  storedPasswordApplies,
  toMailInfo,
} from './mail-settings';
import { TEST_MAIL } from './mail-texts';

type MailSaveInput = z.output<typeof mailSaveSchema>;
type MailTestInput = z.output<typeof mailTestSchema>;

export async function getMailInfo(deps: MailDeps): Promise<MailInfo> {
  return toMailInfo(await readMailRow(deps.db));
}

/**
 * The password to store (sealed) or use with these settings: a typed one; none when cleared; the
 * stored one only while host and username stay what it was saved for. A changed server or account
 * with a username needs the password typed again (A0410 naming it); without a username there is
 * no AUTH and the old password is dropped.
 */
function passwordChoice(
  row: MailRow | undefined,
  input: { host: string; username: string | null; password?: string | undefined; clearPassword: boolean },
): { kind: 'typed'; value: string } | { kind: 'stored' } | { kind: 'none' } {
  if (input.password && !input.username) throw AppError.field('A0410', 'username', 'required');
  if (input.password) return { kind: 'typed', value: input.password };
  if (input.clearPassword) return { kind: 'none' };
  if (storedPasswordApplies(row, input.host, input.username)) return { kind: 'stored' };
  if (row?.passwordSealed && input.username) throw AppError.field('A0410', 'password', 'required');
  return { kind: 'none' };
}

export async function saveMailSettings(deps: MailDeps, auth: AuthContext, input: MailSaveInput): Promise<MailInfo> {
  const { db, secretBox } = deps;
  const username = input.username ?? null;
  return db.transaction(async (tx) => {
    // Locks the row (when there is one) so two saves cannot interleave the keep-or-replace decision.
    const [row] = await tx.select().from(mailSettings).where(eq(mailSettings.id, MAIL_ROW_ID)).for('update');
    const choice = passwordChoice(row, { ...input, username });
    const passwordSealed =
      choice.kind === 'typed'
        ? secretBox.seal(choice.value, PASSWORD_PURPOSE)
        : choice.kind === 'stored'
          ? (row?.passwordSealed ?? null)
          : null;
    const values = {
      host: input.host,
      port: input.port ?? MAIL_DEFAULT_PORTS[input.security],
      security: input.security,
      username,
      passwordSealed,
      fromAddress: input.fromAddress,
      fromName: input.fromName ?? null,
      enabled: input.enabled,
      updatedBy: auth.userId,
      updatedAt: new Date(),
    };
    const [saved] = await tx
      .insert(mailSettings)
      .values({ id: MAIL_ROW_ID, ...values })
      .onConflictDoUpdate({ target: mailSettings.id, set: values })
      .returning();
    return toMailInfo(saved);
  });
}

/** The settings a test mail goes through: the body's (unsaved form) when it names a host, else the saved ones. */
async function testSettings(
  deps: MailDeps,
  input: MailTestInput,
): Promise<{ smtp: SmtpSettings; from: { address: string; name: string | null } }> {
  const row = await readMailRow(deps.db);
  if (!input.host) {
    if (!row) throw AppError.field('A0410', 'host', 'required');
    return smtpOf(deps.secretBox, row);
  }
  // The contract requires security and sender with a host; the checks keep the types honest.
  if (!input.security) throw AppError.field('A0410', 'security', 'required');
  if (!input.fromAddress) throw AppError.field('A0410', 'fromAddress', 'required');
  const username = input.username ?? null;
  const choice = passwordChoice(row, { ...input, host: input.host, username });
  const password =
    choice.kind === 'typed'
      ? choice.value
      : choice.kind === 'stored' && row
        ? openStoredPassword(deps.secretBox, row)
        : null;
  return {
    smtp: {
      host: input.host,
      port: input.port ?? MAIL_DEFAULT_PORTS[input.security],
      security: input.security,
      username,
      password,
    },
    from: { address: input.fromAddress, name: input.fromName ?? null },
  };
}

/**
 * Sends a test mail to `to`, or to the caller's own email. Whether the setting is enabled does
 * not matter: testing comes before enabling. A refusal by the SMTP server answers C0500 carrying
 * the server's own words.
 */
export async function sendTestMail(
  deps: MailDeps,
  auth: AuthContext,
  input: MailTestInput,
  lang: Language,
): Promise<MailTestResult> {
  const to = input.to ?? (await callerEmail(deps, auth.userId));
  if (!to) throw AppError.field('A0410', 'to', 'required');
  const { smtp, from } = await testSettings(deps, input);
  const text = TEST_MAIL[lang]({ username: auth.username, host: smtp.host, at: new Date().toISOString() });
  try {
    const sent = await sendSmtpMail(smtp, { from, to, ...text }, deps.smtp);
    deps.logger?.info({ to, host: smtp.host, messageId: sent.messageId }, 'test mail sent');
    return { sent: true, messageId: sent.messageId, to };
  } catch (err) {
    if (!(err instanceof MailDeliveryError)) throw err;
    deps.logger?.warn({ host: smtp.host, port: smtp.port, reason: err.reason, kind: err.kind }, 'test mail failed');
    throw AppError.service('C0500', err.reason);
  }
}

async function callerEmail(deps: MailDeps, userId: number): Promise<string | null> {
  const [row] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email || null;
}
