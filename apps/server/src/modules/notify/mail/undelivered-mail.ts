import type { NeedsPersonReason } from '@agent-console/contracts';
import type { MailDeps } from './mail-settings';
import { type MailEvent, notifyInBackground } from './notify';

/** A conversation newly waiting for a person because its reply was not delivered. */
export interface UndeliveredConversation {
  customerId: number;
  accountName: string;
  contactName: string;
  reason: NeedsPersonReason;
}

/** At most one such mail per customer in this long; what comes meanwhile goes in the next one. */
export const UNDELIVERED_MAIL_WINDOW_MS = 10 * 60_000;

type UndeliveredEvent = Extract<MailEvent, { kind: 'reply-undelivered' }>;

/**
 * Tells each customer's staff by mail of conversations flagged because a reply could not be
 * delivered. An account at its cap fails every reply after it, so the mails are grouped: the
 * first goes at once, later ones wait out the window and go together. Home lists the flagged
 * conversations meanwhile, so nothing depends on the mail alone. `send` is the mail's way out
 * (tests pass their own).
 */
export function undeliveredMailer(
  deps: MailDeps,
  windowMs = UNDELIVERED_MAIL_WINDOW_MS,
  send: (event: UndeliveredEvent) => void = (event) => notifyInBackground(deps, event),
): (flagged: UndeliveredConversation[]) => Promise<void> {
  const lastSent = new Map<number, number>();
  const waiting = new Map<number, UndeliveredConversation[]>();
  const timers = new Set<number>();
  const flush = (customerId: number) => {
    const conversations = waiting.get(customerId) ?? [];
    waiting.delete(customerId);
    if (!conversations.length) return;
    lastSent.set(customerId, Date.now());
    send({
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
    for (const c of flagged) waiting.set(c.customerId, [...(waiting.get(c.customerId) ?? []), c]);
    for (const customerId of new Set(flagged.map((c) => c.customerId))) {
      const since = Date.now() - (lastSent.get(customerId) ?? Number.NEGATIVE_INFINITY);
      if (since >= windowMs) flush(customerId);
      else if (!timers.has(customerId)) {
        // Within the window: one timer per customer sends what gathered when it ends.
        timers.add(customerId);
        setTimeout(() => {
          timers.delete(customerId);
          flush(customerId);
        }, windowMs - since).unref();
      }
    }
  };
}
