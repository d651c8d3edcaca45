import { HAND_REPLY_PAUSE_MINUTES, type HandReplyResult } from '@agent-console/contracts';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { markHandReply } from '../../agent/conversation/hand-over.repo';
import { assertOnline } from '../account/account-scope';
import { createSendBatch } from '../outbox/message.repo';
import { insertQueuedMessages, wakeSenders } from '../outbox/send-queue';
import type { ScopedContact } from './contact-scope';
import { contactConversation, readState } from './hand-over';

/**
 * A reply written by a staff member in the conversation view, sent as the account through the
 * send queue (source `person`, paced like every send, ahead of batch messages). Its one-message
 * batch records who wrote it. In the same transaction the conversation no longer needs a person
 * and the agent is paused (markHandReply), so the agent cannot answer the contact's next message
 * over the person's head, and the runtime reads the person's message as part of the conversation.
 */
export async function sendHandReply(
  deps: { db: Db; boss: PgBoss | undefined },
  auth: AuthContext,
  scoped: ScopedContact,
  content: string,
): Promise<HandReplyResult> {
  const { contact, account } = scoped;
  if (contact.goneAt) throw AppError.field('A0400', 'contactId', 'contactGone');
  assertOnline(account);
  if (!deps.boss) throw new AppError('B0001', null, 'the job queue is not running');
  const boss = deps.boss;
  const conversationId = await contactConversation(deps.db, scoped);
  const messageId = await deps.db.transaction(async (tx) => {
    const batchId = await createSendBatch(tx, {
      customerId: account.customerId,
      accountId: account.id,
      userId: auth.userId,
      type: 'text',
      content,
      total: 1,
    });
    const [id] = await insertQueuedMessages(tx, [
      {
        customerId: account.customerId,
        accountId: account.id,
        contactId: contact.id,
        peerWcId: contact.wcId,
        source: 'person',
        batchId,
        message: { type: 'text', content },
      },
    ]);
    await markHandReply(tx, conversationId, auth.userId, HAND_REPLY_PAUSE_MINUTES);
    return id as number;
  });
  await wakeSenders(boss, [{ accountId: account.id, messageId }]);
  return { messageId, state: await readState(deps.db, scoped) };
}
