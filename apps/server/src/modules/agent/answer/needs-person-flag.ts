import type { NeedsPersonReason } from '@agent-console/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { agentAnswers, agentConversations, chatAccounts, chatContacts } from '../../../db/schema';

/**
 * The one way a contact's conversation comes to wait for a person (issue 34): the agent found
 * nothing to say, the quota is used up, or a reply or welcome message could not be delivered.
 * The reason is kept beside the flag (the latest one wins: it is what a person acts on); the
 * time stays the first, so "waiting since" keeps its meaning.
 */
export async function flagConversation(tx: Executor, conversationId: number, reason: NeedsPersonReason): Promise<void> {
  await tx
    .update(agentConversations)
    .set({
      needsPersonAt: sql`coalesce(${agentConversations.needsPersonAt}, now())`,
      needsPersonReason: reason,
      updatedAt: sql`now()`,
    })
    .where(eq(agentConversations.id, conversationId));
}

/** The columns that clear the flag (a person dealt with it), for the callers' own updates. */
export const CLEARED_FLAG = { needsPersonAt: null, needsPersonReason: null } as const;

/** An outgoing message that was not delivered, as the send pipeline knows it. */
export interface UndeliveredMessage {
  id: number;
  source: string;
  customerId: number;
  accountId: number;
  contactId: number | null;
}

/** A conversation newly flagged by an undelivered message: whom to tell, about whom. */
export interface FlaggedConversation {
  customerId: number;
  accountId: number;
  accountName: string;
  contactId: number;
  contactName: string;
  reason: NeedsPersonReason;
}

/**
 * What a customer was promised an answer by: the agent's replies and the welcome message to a new
 * friend. A batch message, a follow-up or a reply written by hand failing is shown where it was
 * sent from (the batch, the send log, the conversation) and asks nobody to step in.
 */
const AWAITED_SOURCES = ['agent', 'welcome'];

/**
 * Usage counts what was delivered (docs/usage.md): the answers behind replies that will never be
 * sent use no unit. Any failed reply, whoever or whatever stopped it, comes through here.
 */
export async function unbill(
  tx: Executor,
  messages: readonly Pick<UndeliveredMessage, 'id' | 'source'>[],
): Promise<void> {
  const replies = messages.filter((m) => m.source === 'agent').map((m) => m.id);
  if (!replies.length) return;
  await tx.update(agentAnswers).set({ units: 0 }).where(inArray(agentAnswers.replyMessageId, replies));
}

/**
 * In the transaction that marks messages failed (or holds a reply back): every conversation that
 * waited for one of them is flagged with the reason, and the answers behind the replies are no
 * longer billed (usage counts what was delivered, docs/usage.md). A welcome message to a contact
 * without a conversation yet opens one. Answers the conversations that were not flagged before.
 */
export async function flagUndelivered(
  tx: Executor,
  messages: readonly UndeliveredMessage[],
  reason: NeedsPersonReason,
): Promise<FlaggedConversation[]> {
  const awaited = messages.filter((m) => AWAITED_SOURCES.includes(m.source) && m.contactId !== null);
  if (!awaited.length) return [];
  // A reply held back by a back-off may still go; only one that never will is not billed.
  if (reason !== 'riskPause') await unbill(tx, awaited);
  const contactIds = [...new Set(awaited.map((m) => m.contactId as number))];
  // Contacts the agent never answered yet (a welcome message) get their conversation here.
  const idList = sql.join(
    contactIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${agentConversations} (customer_id, app_id, channel, account_id, contact_id, title)
    select a.customer_id, a.app_id, 'contact', a.id, c.id, c.nickname
    from ${chatContacts} c join ${chatAccounts} a on a.id = c.account_id
    where c.id in (${idList})
    on conflict do nothing`);
  const flagged = await tx
    .update(agentConversations)
    .set({
      needsPersonAt: sql`coalesce(${agentConversations.needsPersonAt}, now())`,
      needsPersonReason: reason,
      updatedAt: sql`now()`,
    })
    .where(inArray(agentConversations.contactId, contactIds))
    .returning({
      contactId: agentConversations.contactId,
      // Set by this statement: the transaction's now() is what coalesce wrote.
      fresh: sql<boolean>`${agentConversations.needsPersonAt} = now()`,
    });
  const fresh = flagged.filter((f) => f.fresh && f.contactId !== null).map((f) => f.contactId as number);
  if (!fresh.length) return [];
  const names = await tx
    .select({
      customerId: chatAccounts.customerId,
      accountId: chatAccounts.id,
      accountName: chatAccounts.nickname,
      contactId: chatContacts.id,
      contactName: chatContacts.nickname,
      wcId: chatContacts.wcId,
    })
    .from(chatContacts)
    .innerJoin(chatAccounts, eq(chatAccounts.id, chatContacts.accountId))
    .where(and(inArray(chatContacts.id, fresh), isNotNull(chatContacts.accountId)));
  return names.map((n) => ({
    customerId: n.customerId,
    accountId: n.accountId,
    accountName: n.accountName,
    contactId: n.contactId,
    contactName: n.contactName || n.wcId,
    reason,
  }));
}

/**
 * A reply held back by a back-off went after all: the "riskPause" flag it raised goes (a flag
 * with another reason stays — something else still waits for a person).
 */
export async function clearRiskPause(tx: Executor, message: UndeliveredMessage): Promise<void> {
  if (!AWAITED_SOURCES.includes(message.source) || message.contactId === null) return;
  await tx
    .update(agentConversations)
    .set({ ...CLEARED_FLAG, updatedAt: sql`now()` })
    .where(
      and(
        eq(agentConversations.contactId, message.contactId),
        eq(agentConversations.needsPersonReason, 'riskPause' satisfies NeedsPersonReason),
      ),
    );
}
