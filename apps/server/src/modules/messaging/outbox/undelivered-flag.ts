import type { NeedsPersonReason } from '@agent-console/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { unbillReplies } from '../../agent/answer/answer.repo';
import {
  clearContactFlagOf,
  flagContactConversations,
  openContactConversations,
} from '../../agent/conversation/conversation.repo';
import { accountsToJoin as accounts } from '../account/account.repo';
import { contactsToJoin as contacts } from '../contact/contact.repo';

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
  await unbillReplies(
    tx,
    messages.filter((m) => m.source === 'agent').map((m) => m.id),
  );
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
  const rows = await tx
    .select({
      customerId: accounts.customerId,
      appId: accounts.appId,
      accountId: accounts.id,
      accountName: accounts.nickname,
      contactId: contacts.id,
      contactName: contacts.nickname,
      wcId: contacts.wcId,
    })
    .from(contacts)
    .innerJoin(accounts, eq(accounts.id, contacts.accountId))
    .where(inArray(contacts.id, contactIds));
  // Contacts the agent never answered yet (a welcome message) get their conversation here.
  await openContactConversations(
    tx,
    rows.map((r) => ({
      customerId: r.customerId,
      appId: r.appId,
      accountId: r.accountId,
      contactId: r.contactId,
      title: r.contactName,
    })),
  );
  const fresh = new Set(await flagContactConversations(tx, contactIds, reason));
  return rows
    .filter((r) => fresh.has(r.contactId))
    .map((r) => ({
      customerId: r.customerId,
      accountId: r.accountId,
      accountName: r.accountName,
      contactId: r.contactId,
      contactName: r.contactName || r.wcId,
      reason,
    }));
}

/**
 * A reply held back by a back-off went after all: the "riskPause" flag it raised goes (a flag
 * with another reason stays — something else still waits for a person).
 */
export async function clearRiskPause(tx: Executor, message: UndeliveredMessage): Promise<void> {
  if (!AWAITED_SOURCES.includes(message.source) || message.contactId === null) return;
  await clearContactFlagOf(tx, message.contactId, 'riskPause');
}
