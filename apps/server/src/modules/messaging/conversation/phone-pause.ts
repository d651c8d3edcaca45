import type { Db } from '../../../db/client';
import { openContactConversation } from '../../agent/conversation/conversation.repo';
import { pauseForPhone } from '../../agent/conversation/hand-over.repo';
import { contactRowOf, type RuntimeAccount } from '../contact/contact-row';

/**
 * How long the agent stays quiet for a contact after a person wrote to them from the account's
 * phone (issue 16): long enough for a conversation a person has started to go on without the
 * agent cutting in, short enough that a contact is not left unanswered for the rest of the day.
 * Each further message from the phone starts the hour again.
 */
export const PHONE_PAUSE_MS = 60 * 60_000;

/**
 * A person wrote to a contact from the phone (the gateway reported the account's own message,
 * not one of ours): the agent pauses for that contact, `pause_reason` `phone`, and the
 * conversation no longer needs a person. A longer pause already set (a staff member's take-over)
 * is kept as it is.
 */
export async function pauseForPhoneMessage(
  db: Db,
  account: RuntimeAccount,
  peerWcId: string,
  now: Date = new Date(),
): Promise<{ conversationId: number; pausedUntil: Date }> {
  const contact = await contactRowOf(db, account, peerWcId);
  const conversationId = await openContactConversation(db, account, contact);
  const until = new Date(now.getTime() + PHONE_PAUSE_MS);
  const pausedUntil = await pauseForPhone(db, conversationId, until, now);
  return { conversationId, pausedUntil: pausedUntil ?? until };
}
