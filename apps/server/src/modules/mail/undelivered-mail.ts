import type { NeedsPersonReason } from '@agent-console/contracts';
import type { MailDeps } from './mail-settings';
import { notifyInBackground } from './notify';

/** A conversation newly waiting for a person because its reply was not delivered. */
export interface UndeliveredConversation {
  customerId: number;
  accountName: string;
  contactName: string;
  reason: NeedsPersonReason;
}

/** At most one such mail per customer in this long; what comes meanwhile goes in the next one. */
export const UNDELIVERED_MAIL_WINDOW_MS = 10 * 60_000;

/**
 * Tells each customer's staff by mail of conversations flagged because a reply could not be
 * delivered. An account at its cap fails every reply after it, so the mails are grouped: the
 * first goes at once, later ones wait out the window and go together. Home lists the flagged
 * conversations meanwhile, so nothing depends on the mail alone.
 */
export function undeliveredMailer(
  deps: MailDeps,
  windowMs = UNDELIVERED_MAIL_WINDOW_MS,
): (flagged: UndeliveredConversation[]) => Promise<void> {
  const lastSent = new Map<number, number>();
  const waiting = new Map<number, UndeliveredConversation[]>();
  const send = (customerId: number) => {
    const conversations = waiting.get(customerId) ?? [];
    waiting.delete(customerId);
    if (!conversations.length) return;
    lastSent.set(customerId, Date.now());
    notifyInBackground(deps, {
      kind: 'reply-undelivered',
      customerId,
      conversations: conversations.map(({ accountName, contactName, reason }) => ({
        accountName,
        contactName,
        reason,
      })),
    });
  };
  return async (flagged) => {
    for (const c of flagged) {
      const list = waiting.get(c.customerId);
      const first = !list;
      if (list) list.push(c);
      else waiting.set(c.customerId, [c]);
      if (!first) continue;
      const since = Date.now() - (lastSent.get(c.customerId) ?? Number.NEGATIVE_INFINITY);
      if (since >= windowMs) continue;
      // Within the window: one timer per customer sends what gathered when it ends.
      setTimeout(() => send(c.customerId), windowMs - since).unref();
    }
    for (const customerId of new Set(flagged.map((c) => c.customerId))) {
      const since = Date.now() - (lastSent.get(customerId) ?? Number.NEGATIVE_INFINITY);
      if (since >= windowMs) send(customerId);
    }
  };
}
