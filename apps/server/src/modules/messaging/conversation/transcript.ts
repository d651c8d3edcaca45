import type { AnswerStep, ConversationMessage, ConversationMessages } from '@agent-console/contracts';
import type { Db } from '../../../db/client';
import { answersRepliedWith } from '../../agent/answer/answer.repo';
import { type ChatMessageRow, conversationLogPage } from '../outbox/message.repo';
import { OBJECT_REF } from '../outbox/send-queue';
import type { ScopedContact } from './contact-scope';

type AgentPart = NonNullable<ConversationMessage['agent']>;

function toMessage(
  row: ChatMessageRow,
  person: { id: number | null; name: string | null },
  agent: AgentPart | undefined,
): ConversationMessage {
  return {
    id: row.id,
    direction: row.direction === 'in' ? 'in' : 'out',
    type: row.type,
    // A queued file keeps its stored object's reference as content: the file name says it all.
    content: OBJECT_REF.test(row.content) ? '' : row.content,
    fileName: row.fileName,
    status: row.status,
    reason: row.reason,
    source: row.source,
    senderWcId: row.senderWcId,
    at: (row.sentAt ?? row.createdAt).toISOString(),
    agent: agent ?? null,
    person: row.source === 'person' && person.id !== null ? { id: person.id, name: person.name ?? '' } : null,
  };
}

/**
 * One page of a contact's messages, oldest first: those before message `before` (the latest when
 * absent). The messages are the account's log with this contact's wcId as the other side, so a
 * message logged before the contact was known belongs here too. An agent's reply carries its
 * answer's step and sources (the answers of this conversation that replied with it); a reply by
 * hand, who wrote it (its one-message batch).
 */
export async function loadMessages(
  db: Db,
  { contact, account }: ScopedContact,
  conversationId: number | null,
  page: { before?: number | undefined; limit: number },
): Promise<ConversationMessages> {
  const rows = await conversationLogPage(
    db,
    { accountId: account.id, peerWcId: contact.wcId },
    page.before,
    page.limit + 1,
  );
  const hasEarlier = rows.length > page.limit;
  const shown = rows.slice(0, page.limit).reverse();

  const replyIds = shown.filter((r) => r.message.source === 'agent').map((r) => r.message.id);
  const answers =
    conversationId !== null && replyIds.length ? await answersRepliedWith(db, conversationId, replyIds) : [];
  const byReply = new Map<number, AgentPart>(
    answers.map((a) => [
      a.replyMessageId as number,
      { step: a.step as AnswerStep, sources: a.sources, needsPerson: a.needsPerson },
    ]),
  );
  return {
    messages: shown.map((r) => toMessage(r.message, { id: r.personId, name: r.personName }, byReply.get(r.message.id))),
    hasEarlier,
  };
}
