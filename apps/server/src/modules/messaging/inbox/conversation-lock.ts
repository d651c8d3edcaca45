import { and, eq, inArray } from 'drizzle-orm';
import { LOCK_NAMESPACE, transactionLock } from '../../../db/advisory-lock';
import type { Executor } from '../../../db/client';
import { runtimeAccountsToJoin } from '../account/account.repo';
import { contactsToJoin } from '../contact/contact.repo';
import type { ConversationFacts } from '../rollup/rollup';
import { type Conversation, conversationKey } from '../rollup/rollup-batch';

/*
 * The message log's reads of a conversation under its lock: the account's app and the contact,
 * for the log row (the contact's id) and the roll-ups (messaging/rollup, which reads no account:
 * the account feature imports the outbox, which calls the roll-ups).
 */

/**
 * Takes the conversation's lock (an account and one peer), which serialises the message log's
 * duplicate check with its insert and the roll-ups of the conversation's session, and reads the
 * account's app and the contact (if known) — in one statement, since the rows read are not ones
 * the lock guards. Undefined for an unknown account (and then nothing is locked, nor written).
 */
export async function lockConversation(
  tx: Executor,
  accountId: number,
  peerWcId: string,
): Promise<ConversationFacts | undefined> {
  const account = runtimeAccountsToJoin;
  const contact = contactsToJoin;
  const [row] = await tx
    .select({
      appId: account.appId,
      contactId: contact.id,
      relationship: contact.relationship,
      type: contact.type,
      locked: transactionLock(LOCK_NAMESPACE.conversation, `${accountId}:${peerWcId}`),
    })
    .from(account)
    .leftJoin(contact, and(eq(contact.accountId, account.id), eq(contact.wcId, peerWcId)))
    .where(eq(account.id, accountId));
  if (!row) return undefined;
  const { locked: _, ...facts } = row;
  return facts;
}

/** What `lockConversation` reads, for several conversations (locked by `lockConversations`); undefined for an unknown account. */
export async function conversationsFacts(
  tx: Executor,
  conversations: readonly Conversation[],
): Promise<Map<string, ConversationFacts | undefined>> {
  const account = runtimeAccountsToJoin;
  const contact = contactsToJoin;
  const rows = await tx
    .select({
      accountId: account.id,
      appId: account.appId,
      contactId: contact.id,
      wcId: contact.wcId,
      relationship: contact.relationship,
      type: contact.type,
    })
    .from(account)
    .leftJoin(
      contact,
      and(eq(contact.accountId, account.id), inArray(contact.wcId, [...new Set(conversations.map((c) => c.peerWcId))])),
    )
    .where(inArray(account.id, [...new Set(conversations.map((c) => c.accountId))]));
  const facts = new Map<string, ConversationFacts | undefined>();
  for (const c of conversations) {
    const found = rows.find((r) => r.accountId === c.accountId);
    const contactRow = rows.find((r) => r.accountId === c.accountId && r.wcId === c.peerWcId);
    facts.set(
      conversationKey(c),
      found && {
        appId: found.appId,
        contactId: contactRow?.contactId ?? null,
        relationship: contactRow?.relationship ?? null,
        type: contactRow?.type ?? null,
      },
    );
  }
  return facts;
}
