import type { FollowupSkipReason } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import { followupSends } from '../../../db/schema';
import { contactPausedAt } from '../../agent/conversation/hand-over.repo';
import { contactsToJoin } from '../../messaging/contact/contact.repo';
import { contactWroteAfter, personWroteAfter } from '../../messaging/outbox/message.repo';
import type { SendCheck } from '../../messaging/outbox/send-check';
import { robotEnabledOf, strategyEnabledOf } from '../followup/followup.repo';

/**
 * Asked when a queued follow-up's turn to be sent comes (it may have waited behind other
 * messages): it is not sent, and its sequence ends, when since the sweep planned it the contact
 * wrote, a person wrote to the contact (console or phone) or took the conversation over, the
 * contact became a colleague or silent or is gone, or the strategy or the robot was disabled or
 * deleted. The send log shows it as skipped with the reason (a key the screens translate). "Since" is by the log's order (a
 * message stored after this one was queued), as gateway times have one-second resolution.
 */
export const followupSendCheck: SendCheck = async (tx, message, now) => {
  const contact = contactsToJoin;
  const conversation = { accountId: message.accountId, peerWcId: message.peerWcId };
  const [row] = await tx
    .select({
      sendId: followupSends.id,
      strategyEnabled: strategyEnabledOf(followupSends.strategyId),
      robotEnabled: robotEnabledOf(followupSends.robotId),
      relationship: contact.relationship,
      goneAt: contact.goneAt,
      replied: contactWroteAfter(conversation, message.id),
      personWrote: personWroteAfter(conversation, message.id),
      paused: contactPausedAt(followupSends.contactId, now),
    })
    .from(followupSends)
    .leftJoin(contact, eq(contact.id, followupSends.contactId))
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
