import type { FollowupSkipReason } from '@agent-console/contracts';
import { eq, sql } from 'drizzle-orm';
import {
  agentConversations,
  chatContacts,
  chatMessages,
  followupRobots,
  followupSends,
  followupStrategies,
} from '../../../db/schema';
import type { SendCheck } from '../../messaging/outbox/send-check';

/**
 * Asked when a queued follow-up's turn to be sent comes (it may have waited behind other
 * messages): it is not sent, and its sequence ends, when since the sweep planned it the contact
 * wrote, a person wrote to the contact (console or phone) or took the conversation over, the
 * contact became a colleague or silent or is gone, or the strategy or the robot was disabled or
 * deleted. The send log shows it as skipped with the reason (a key the screens translate). "Since" is by the log's order (a
 * message stored after this one was queued), as gateway times have one-second resolution.
 */
export const followupSendCheck: SendCheck = async (tx, message, now) => {
  const [row] = await tx
    .select({
      sendId: followupSends.id,
      strategyEnabled: followupStrategies.enabled,
      robotEnabled: followupRobots.enabled,
      relationship: chatContacts.relationship,
      goneAt: chatContacts.goneAt,
      replied: sql<boolean>`exists (select 1 from ${chatMessages} m where m.account_id = ${message.accountId}
        and m.peer_wc_id = ${message.peerWcId} and m.direction = 'in' and m.type <> 'friendRequest'
        and m.id > ${message.id})`,
      personWrote: sql<boolean>`exists (select 1 from ${chatMessages} m where m.account_id = ${message.accountId}
        and m.peer_wc_id = ${message.peerWcId} and m.direction = 'out' and m.source in ('person', 'phone')
        and m.id > ${message.id})`,
      paused: sql<boolean>`exists (select 1 from ${agentConversations} a
        where a.contact_id = ${followupSends.contactId} and a.paused_until > ${now.toISOString()}::timestamptz)`,
    })
    .from(followupSends)
    .leftJoin(followupStrategies, eq(followupStrategies.id, followupSends.strategyId))
    .leftJoin(followupRobots, eq(followupRobots.id, followupSends.robotId))
    .leftJoin(chatContacts, eq(chatContacts.id, followupSends.contactId))
    .where(eq(followupSends.messageId, message.id));
  // A follow-up message the log does not know (written by hand) has nothing to be checked against.
  if (!row) return null;
  const reason: FollowupSkipReason | null = !row.strategyEnabled
    ? 'strategyDisabled'
    : !row.robotEnabled
      ? 'robotDisabled'
      : row.relationship !== 'default' || row.goneAt
        ? 'notDefault'
        : row.replied
          ? 'replied'
          : row.personWrote || row.paused
            ? 'takenOver'
            : null;
  if (!reason) return null;
  await tx.update(followupSends).set({ status: 'skipped', reason }).where(eq(followupSends.id, row.sendId));
  return `Follow-up not sent: ${SKIP_WORDS[reason]}`;
};

/** The skip reasons in the words the message log keeps (its reasons are the sender's own sentences). */
const SKIP_WORDS: Record<FollowupSkipReason, string> = {
  strategyDisabled: 'the strategy was disabled or deleted',
  robotDisabled: 'the robot was disabled or deleted',
  notDefault: 'the contact is no longer one to follow up (colleague, silent or gone)',
  replied: 'the contact replied',
  takenOver: 'a person took over the conversation',
  nothingToSend: 'the step has nothing to send',
};
