import {
  type Language,
  MAIL_DEFAULT_PORTS,
  type MailFailureData,
  type MailInfo,
  type MailTestResult,
  mailFailureText,
  type mailSaveSchema,
  type mailTestSchema,
} from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { mailSettings } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { MailDeliveryError, type SmtpSettings, sendSmtpMail } from '../../../integrations/mail';
import { AppError } from '../../../lib/app-error';
import { userEmail } from '../../system/user/user.repo';
import { type MailTarget, openPassword, sameTarget, sealPassword } from './mail-password';
import { MAIL_ROW_ID, type MailDeps, type MailRow, readMailRow, rowTarget, smtpOf, toMailInfo } from './mail-settings';
import { TEST_MAIL } from './mail-texts';

type MailSaveInput = z.output<typeof mailSaveSchema>;
type MailTestInput = z.output<typeof mailTestSchema>;

export async function getMailInfo(deps: MailDeps): Promise<MailInfo> {
  return toMailInfo(await readMailRow(deps.db));
}

type PasswordChoice = { kind: 'typed'; value: string } | { kind: 'stored'; sealed: string } | { kind: 'none' };

/**
 * The password to store or use for `target`: a typed one; none when cleared or without a
 * username (no AUTH, and the old password is dropped); otherwise the stored one, but only for the
 * server, port, security and account it was typed for. Any of them changed needs the password
 * typed again (A0410 naming it): a changed port could hand it to another service, a security
 * changed to "none" would send it in clear, and a changed host or account to someone else.
 */
function passwordChoice(
  row: MailRow | undefined,
  target: MailTarget,
  input: { password?: string | undefined; clearPassword: boolean },
): PasswordChoice {
  if (input.password && !target.username) throw AppError.field('A0410', 'username', 'required');
  if (input.password) return { kind: 'typed', value: input.password };
  if (input.clearPassword || !row?.passwordSealed || !target.username) return { kind: 'none' };
  if (!sameTarget(rowTarget(row), target)) throw AppError.field('A0410', 'password', 'mustRetype');
  return { kind: 'stored', sealed: row.passwordSealed };
}

/** Where settings as typed send the password: an omitted port is the security's default. */
function typedTarget(input: {
  host: string;
  port?: number | null | undefined;
  security: MailTarget['security'];
  username?: string | null | undefined;
}): MailTarget {
  return {
    host: input.host,
    port: input.port ?? MAIL_DEFAULT_PORTS[input.security],
    security: input.security,
    username: input.username ?? null,
  };
}

export async function saveMailSettings(deps: MailDeps, auth: AuthContext, input: MailSaveInput): Promise<MailInfo> {
  const { db, secretBox } = deps;
  return db.transaction(async (tx) => {
    // Locks the row (when there is one) so two saves cannot interleave the keep-or-replace decision.
    const [row] = await tx.select().from(mailSettings).where(eq(mailSettings.id, MAIL_ROW_ID)).for('update');
    const target = typedTarget(input);
    const choice = passwordChoice(row, target, input);
    const passwordSealed =
      choice.kind === 'typed'
        ? sealPassword(secretBox, choice.value, target)
        : choice.kind === 'stored'
          ? choice.sealed
          : null;
    const values = {
      ...target,
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
  const target = typedTarget({ ...input, host: input.host, security: input.security });
  const choice = passwordChoice(row, target, input);
  // A typed password goes where it was typed for, in clear too when "none" was chosen with it: the
  // one who typed it chose that. A stored one opens only for the target it was sealed for.
  const password =
    choice.kind === 'typed'
      ? choice.value
      : choice.kind === 'stored'
        ? openPassword(deps.secretBox, choice.sealed, target)
        : null;
  return {
    smtp: { ...target, password },
    from: { address: input.fromAddress, name: input.fromName ?? null },
  };
}

/**
 * Sends a test mail to `to`, or to the caller's own email. Whether the setting is enabled does
 * not matter: testing comes before enabling. A failure answers C0500 naming its category.
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
    // The peer's own words stay in the operator's log; the caller learns the category only.
    const about = { host: smtp.host, port: smtp.port, failure: err.failure, kind: err.kind, reason: err.reason };
    deps.logger?.warn(about, 'test mail failed');
    throw mailFailureError(err, lang);
  }
}

/**
 * C0500 naming what failed as a fixed category in the caller's language, never the peer's bytes:
 * the test connects wherever an administrator points it, and echoing what answered there would
 * make it a banner grabber for the console's own network.
 */
function mailFailureError(err: MailDeliveryError, lang: Language): AppError {
  const detail = mailFailureText(err.failure, lang, err.smtpCode);
  const data: MailFailureData = {
    detail,
    failure: err.failure,
    ...(err.smtpCode === undefined ? {} : { smtpCode: err.smtpCode }),
  };
  return new AppError('C0500', data, detail);
}

async function callerEmail(deps: MailDeps, userId: number): Promise<string | null> {
  return (await userEmail(deps.db, userId)) || null;
}
