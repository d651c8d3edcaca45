import type { Db } from '../../../db/client';
import type { AgentMessage } from '../../agent/answer/agent';
import { recentConversationMessages } from '../../messaging/outbox/message.repo';

/**
 * What the agent reads of a contact's conversation: the last `limit` messages of the message log
 * up to the one being answered, oldest first. The contact's messages are the user's turns; every
 * message the account sent — the agent's replies, welcome messages, batches, and what a person
 * wrote by hand in the console or on the phone — is an assistant turn, so the agent answers in
 * the light of what a person already said. Sends that failed never reached the contact and are
 * left out; a file is named, not read.
 */
export async function contactHistory(
  db: Db,
  target: { accountId: number; peerWcId: string; uptoMessageId: number },
  limit: number,
): Promise<AgentMessage[]> {
  const rows = await recentConversationMessages(db, target, Math.max(1, limit));
  return rows.reverse().map((r) => ({
    role: r.direction === 'in' ? ('user' as const) : ('assistant' as const),
    content: r.type === 'file' ? `[file: ${r.fileName ?? 'file'}]` : r.content,
  }));
}
