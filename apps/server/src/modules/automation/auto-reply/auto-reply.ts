import { eq } from 'drizzle-orm';
import { nowOf } from '../../../lib/clock';
import { type AgentAnswer, answer } from '../../agent/answer/agent';
import { isMessageAnswered, setAnswerReplyMessage } from '../../agent/answer/answer.repo';
import { recordAnswer } from '../../agent/answer/conversations';
import { textWithSources } from '../../agent/answer/reply-language';
import { flagConversation, openContactConversation } from '../../agent/conversation/conversation.repo';
import {
  conversationPauseAndApp,
  lockConversationPause,
  setConversationApp,
} from '../../agent/conversation/hand-over.repo';
import { readAgentConfig } from '../../config/app-config/agent-config';
import { isQuotaUsedUp } from '../../config/usage/quota-guard';
import { runtimeAccountsToJoin } from '../../messaging/account/account.repo';
import { contactRowOf, type RuntimeAccount, type RuntimeContact } from '../../messaging/contact/contact-row';
import { type ChatMessageRow, messageRowColumns, messagesToJoin } from '../../messaging/outbox/message.repo';
import { insertQueuedMessages, wakeSenders } from '../../messaging/outbox/send-queue';
import { contactHistory } from './contact-history';
import type { RuntimeDeps } from './runtime-deps';

/** Why an incoming message got no reply (the job's result, and what tests and logs read). */
export type ReplySkip =
  | 'notText'
  | 'noApp'
  | 'group'
  | 'colleague'
  | 'silent'
  | 'paused'
  | 'answeredAlready'
  /** The customer's monthly quota is used up (WAVE2 §15.6): no reply, and a person is asked for. */
  | 'quotaUsedUp';

export type ReplyOutcome = { kind: 'replied'; replyMessageId: number; answer: AgentAnswer } | { kind: ReplySkip };

type MessageRow = ChatMessageRow;

/** The incoming message of a job with its account, or null when either is gone. */
export async function loadIncoming(
  deps: Pick<RuntimeDeps, 'db'>,
  messageId: number,
): Promise<{ message: MessageRow; account: RuntimeAccount } | null> {
  const account = runtimeAccountsToJoin;
  const [row] = await deps.db
    .select({
      message: messageRowColumns,
      account: { id: account.id, customerId: account.customerId, wcId: account.wcId, appId: account.appId },
    })
    .from(messagesToJoin)
    .innerJoin(account, eq(account.id, messagesToJoin.accountId))
    .where(eq(messagesToJoin.id, messageId));
  return row ?? null;
}

/** Whether a contact may be answered by the agent at all (WAVE2 §15.5; groups: docs/agent-runtime.md). */
export function answerable(contact: RuntimeContact): ReplySkip | null {
  if (contact.type === 'group') return 'group';
  if (contact.relationship === 'colleague') return 'colleague';
  if (contact.relationship === 'silent') return 'silent';
  return null;
}

const isPaused = (pausedUntil: Date | null, now = new Date()) => !!pausedUntil && pausedUntil > now;

/**
 * The agent answers one incoming text of a contact (issue 16). Nothing is sent when the account
 * serves no app, the contact is a group, a colleague or silent, or the agent is paused for the
 * contact. The answer is drawn from the contact's recent messages (what people wrote by hand
 * included). Then, in one transaction: the pause is checked again (a person may have taken over
 * while the agent was thinking), the answer is recorded against the incoming message — whose
 * unique index refuses a second answer, so a job run twice or a redelivered callback never sends
 * twice — and the reply is queued; the sender is woken after the commit.
 */
export async function replyToMessage(
  deps: RuntimeDeps,
  message: MessageRow,
  account: RuntimeAccount,
  contact: RuntimeContact,
): Promise<ReplyOutcome> {
  const { db } = deps;
  if (message.direction !== 'in' || message.type !== 'text' || !message.content.trim()) return { kind: 'notText' };
  if (account.appId === null) return { kind: 'noApp' };
  const appId = account.appId;
  const refused = answerable(contact);
  if (refused) return { kind: refused };
  const conversationId = await openContactConversation(db, { ...account, appId }, contact);
  const conversation = await conversationPauseAndApp(db, conversationId);
  if (isPaused(conversation?.pausedUntil ?? null)) return { kind: 'paused' };
  if (conversation && conversation.appId !== appId) {
    // The account was given another app (or one at last): the conversation follows it.
    await setConversationApp(db, conversationId, appId);
  }
  // Checked before answering only to spare the work; the transaction below is what guarantees it.
  if (await isMessageAnswered(db, message.id)) return { kind: 'answeredAlready' };

  const config = await readAgentConfig(db, appId);
  const messages = await contactHistory(
    db,
    { accountId: account.id, peerWcId: message.peerWcId, uptoMessageId: message.id },
    config.maxHistoryMessages,
  );
  const asked = performance.now();
  let result: AgentAnswer;
  try {
    result = await answer(
      {
        db,
        llm: deps.llm,
        embeddings: deps.embeddings ?? null,
        mail: deps.mail,
        clock: deps.clock,
        metrics: deps.metrics,
        ...(deps.logger ? { logger: deps.logger } : {}),
      },
      { customerId: account.customerId, appId, messages, channel: 'contact' },
    );
  } catch (err) {
    if (!isQuotaUsedUp(err)) throw err;
    // Nobody answers the contact now, so the conversation waits for a person (WAVE2 §15.6).
    deps.logger?.info({ customerId: account.customerId, messageId: message.id }, 'no auto-reply: quota used up');
    await flagConversation(db, conversationId, 'quotaUsedUp');
    return { kind: 'quotaUsedUp' };
  }
  deps.metrics?.agentAnswered((performance.now() - asked) / 1000);

  const replyMessageId = await db.transaction(async (tx) => {
    const locked = await lockConversationPause(tx, conversationId);
    if (!locked || isPaused(locked.pausedUntil)) return 'paused' as const;
    const answerId = await recordAnswer(tx, {
      conversationId,
      customerId: account.customerId,
      appId,
      channel: 'contact',
      question: message.content,
      answer: result,
      triggerMessageId: message.id,
      at: nowOf(deps),
    });
    if (answerId === null) return 'answeredAlready' as const;
    const [replyId] = await insertQueuedMessages(tx, [
      {
        customerId: account.customerId,
        accountId: account.id,
        contactId: contact.id,
        peerWcId: message.peerWcId,
        source: 'agent',
        message: { type: 'text', content: textWithSources(result, message.content) },
      },
    ]);
    if (replyId === undefined) throw new Error('the reply was not queued');
    await setAnswerReplyMessage(tx, answerId, replyId);
    return replyId;
  });
  if (typeof replyMessageId !== 'number') return { kind: replyMessageId };
  await wakeSenders(deps.boss, [{ accountId: account.id, messageId: replyMessageId }]);
  return { kind: 'replied', replyMessageId, answer: result };
}

/** The contact of an incoming message (made when the address list does not know it yet). */
export function contactOfMessage(deps: Pick<RuntimeDeps, 'db'>, message: MessageRow, account: RuntimeAccount) {
  return contactRowOf(deps.db, account, message.peerWcId);
}
