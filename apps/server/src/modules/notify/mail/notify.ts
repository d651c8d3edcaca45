import {
  CHAT_ADDRESS_PERMISSIONS,
  type Language,
  type NeedsPersonReason,
  USAGE_PERMISSIONS,
} from '@agent-console/contracts';
import { shownCustomerName } from '../../../db/builtin-names';
import { MailDeliveryError, sendSmtpMail } from '../../../integrations/mail';
import { customerActiveOf, customerParentAndName } from '../../system/customer/customer.repo';
import { enabledMenuIdsWithPermission } from '../../system/menu/menu.repo';
import { enabledRoleIdsGranting } from '../../system/role/role.repo';
import { enabledUsersWithEmailHolding } from '../../system/user/user.repo';
import { type MailDeps, readMailRow, smtpOf } from './mail-settings';
import { ACCOUNT_OFFLINE, type MailText, REPLY_UNDELIVERED, USAGE_QUOTA } from './mail-texts';

/** The events mail is sent for (WAVE2 §15.9); the modules that notice them call `notify`. */
export type MailEvent =
  | { kind: 'account-offline'; customerId: number; accountName: string }
  | { kind: 'usage-quota'; customerId: number; percent: 80 | 100; used: number; quota: number }
  /** Replies that could not be delivered: their conversations now wait for a person (issue 34). */
  | {
      kind: 'reply-undelivered';
      customerId: number;
      conversations: { accountName: string; contactName: string; reason: NeedsPersonReason }[];
    };

/** What became of one event, for the caller's log or test; never an exception. */
export interface NotifyOutcome {
  status: 'sent' | 'notConfigured' | 'disabled' | 'noRecipients' | 'failed';
  /** Recipients whose mail the server accepted, and those whose mail failed. */
  sent: number;
  failed: number;
}

/** Who hears of a customer's events: the permission of the usage dashboard (WAVE2 §15.9). */
export const NOTIFY_PERMISSION = USAGE_PERMISSIONS.view;
/** Who hears of an undelivered reply: those who can take the conversation over and answer it. */
export const UNDELIVERED_PERMISSION = CHAT_ADDRESS_PERMISSIONS.takeover;

const permissionOf = (event: MailEvent) =>
  event.kind === 'reply-undelivered' ? UNDELIVERED_PERMISSION : NOTIFY_PERMISSION;

/**
 * Mails an event to the customer's users who hold the event's permission (`usage:dashboard:view`, or
 * `chat:address:takeover` for an undelivered reply) and have an email.
 * Does nothing, and says so in the log, when mail is not configured or disabled. Every failure
 * (database, key, SMTP) is logged and reported in the outcome, never thrown: the caller's own
 * work (an answer, a status sync) must not fail because mail did.
 */
export async function notify(deps: MailDeps, event: MailEvent): Promise<NotifyOutcome> {
  const log = deps.logger;
  const about = { event: event.kind, customerId: event.customerId };
  try {
    const row = await readMailRow(deps.db);
    if (!row) {
      log?.info(about, 'mail not sent: mail settings are not configured');
      return { status: 'notConfigured', sent: 0, failed: 0 };
    }
    if (!row.enabled) {
      log?.info(about, 'mail not sent: mail settings are disabled');
      return { status: 'disabled', sent: 0, failed: 0 };
    }
    const recipients = await notifyRecipients(deps, event.customerId, permissionOf(event));
    if (!recipients.length) {
      log?.info(about, 'mail not sent: no user of the customer holds the permission and has an email');
      return { status: 'noRecipients', sent: 0, failed: 0 };
    }
    const { smtp, from } = smtpOf(deps.secretBox, row);
    const customer = await customerParentAndName(deps.db, event.customerId);
    let sent = 0;
    let failed = 0;
    // One mail per recipient: nobody sees the others' addresses, and each reads their language.
    for (const r of recipients) {
      const text = textOf(event, r.lang, customer ? shownCustomerName(customer, r.lang) : `#${event.customerId}`);
      try {
        await sendSmtpMail(smtp, { from, to: r.email, ...text }, deps.smtp);
        sent++;
      } catch (err) {
        failed++;
        const failure = err instanceof MailDeliveryError ? err.failure : undefined;
        log?.warn({ ...about, to: r.email, failure, reason: (err as Error).message }, 'event mail failed');
      }
    }
    log?.info({ ...about, sent, failed }, 'event mail sent');
    return { status: sent ? 'sent' : 'failed', sent, failed };
  } catch (err) {
    log?.error({ ...about, err }, 'event mail not sent');
    return { status: 'failed', sent: 0, failed: 0 };
  }
}

function textOf(event: MailEvent, lang: Language, customer: string): MailText {
  if (event.kind === 'account-offline') return ACCOUNT_OFFLINE[lang]({ customer, account: event.accountName });
  if (event.kind === 'reply-undelivered') {
    const items = event.conversations.map((c) => ({
      account: c.accountName,
      contact: c.contactName,
      reason: c.reason,
    }));
    return REPLY_UNDELIVERED[lang]({ customer, items });
  }
  return USAGE_QUOTA[lang]({ customer, percent: event.percent, used: event.used, quota: event.quota });
}

/**
 * Enabled users of the customer (which must be active: a disabled customer's users cannot act on
 * a mail) with an email, holding the permission through an enabled role's enabled menu or button,
 * or through the super-admin role, which holds every permission without menu rows.
 * The users table keeps no language, so every mail is in English (the fallback language).
 */
export async function notifyRecipients(
  deps: MailDeps,
  customerId: number,
  permission: string = NOTIFY_PERMISSION,
): Promise<{ userId: number; email: string; lang: Language }[]> {
  const roleIds = enabledRoleIdsGranting(deps.db, enabledMenuIdsWithPermission(deps.db, permission));
  const rows = await enabledUsersWithEmailHolding(deps.db, customerId, roleIds, customerActiveOf(customerId));
  return rows.flatMap((r) => (r.email ? [{ userId: r.userId, email: r.email, lang: 'en' as Language }] : []));
}

/**
 * `notify` without waiting for it: the caller's answer never waits for an SMTP server. It runs as
 * one of the app's background tasks, so closing the app waits for it (never a read of the mail
 * settings after the database closed); without an app (tools, unit tests) it simply runs.
 */
export function notifyInBackground(deps: MailDeps, event: MailEvent): void {
  if (deps.tasks) deps.tasks.run(`mail: ${event.kind}`, () => notify(deps, event));
  else void notify(deps, event);
}
