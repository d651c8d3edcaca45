import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { agentConversations } from '../../../db/schema';
import { openContactConversation } from '../../agent/answer/conversations';
import { CLEARED_FLAG } from '../../agent/answer/needs-person-flag';
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
  await db
    .update(agentConversations)
    .set({ pausedUntil: until, pauseReason: 'phone', pausedBy: null, updatedAt: now })
    .where(
      and(
        eq(agentConversations.id, conversationId),
        or(isNull(agentConversations.pausedUntil), lt(agentConversations.pausedUntil, until)),
      ),
    );
  const [row] = await db
    .update(agentConversations)
    // A person answered: the conversation no longer waits for one.
    .set({
      lastMessageAt: sql`greatest(${agentConversations.lastMessageAt}, ${now.toISOString()}::timestamptz)`,
      ...CLEARED_FLAG,
    })
    .where(eq(agentConversations.id, conversationId))
    .returning({ pausedUntil: agentConversations.pausedUntil });
  return { conversationId, pausedUntil: row?.pausedUntil ?? until };
}
