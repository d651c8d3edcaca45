import type { ConversationChannel, NeedsPersonReason } from '@agent-console/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../../db/client';
import { agentConversations } from '../../../db/schema';
import { scopeCondition } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';

/**
 * The agent's state of a conversation, whatever its channel (bubble, app API, widget, contact):
 * who it is with, when it last moved, whether a person took it over (the pause) and whether it
 * waits for one (needs-a-person). Other features read and write it through these functions,
 * never through the table (issue 35).
 */

/** Who a conversation is with (WAVE2 §15.5: every answer is stored with its conversation). */
export interface ConversationRef {
  customerId: number;
  appId: number | null;
  channel: ConversationChannel;
  /** bubble: the staff member. */
  userId?: number;
  /** contact: the messaging account and the contact (one conversation per contact). */
  accountId?: number;
  contactId?: number;
  /** api: the caller's `user` field (one conversation per app and end user); widget: the visitor. */
  externalKey?: string;
  /** widget: the web page's origin the visitor writes from. */
  origin?: string;
}

/** Longest title kept: the first question, as a person sees it in a list. */
const TITLE_MAX = 80;

/** The columns that clear the needs-a-person flag (a person dealt with it), for this feature's repositories. */
export const CLEARED_FLAG = { needsPersonAt: null, needsPersonReason: null } as const;

/** Raises the flag with its reason (the latest wins); its time stays the first, so "waiting since" keeps its meaning. */
const RAISED_FLAG = (reason: NeedsPersonReason) => ({
  needsPersonAt: sql`coalesce(${agentConversations.needsPersonAt}, now())`,
  needsPersonReason: reason,
});

/**
 * The conversations with what lists and counts show of them, as a subquery to select from or
 * join by `id` or `contactId` (Postgres flattens it: the plan is that of the table itself).
 */
export const conversationsToJoin = new QueryBuilder()
  .select({
    id: agentConversations.id,
    customerId: agentConversations.customerId,
    appId: agentConversations.appId,
    channel: agentConversations.channel,
    contactId: agentConversations.contactId,
    externalKey: agentConversations.externalKey,
    origin: agentConversations.origin,
    title: agentConversations.title,
    needsPersonAt: agentConversations.needsPersonAt,
    needsPersonReason: agentConversations.needsPersonReason,
    pausedUntil: agentConversations.pausedUntil,
    lastMessageAt: agentConversations.lastMessageAt,
    createdAt: agentConversations.createdAt,
  })
  .from(agentConversations)
  .as('agent_conversation');

/**
 * The conversation of a contact, or of an app's end user, created on first use; a bubble thread
 * is new each time it is opened without an id. Concurrent first uses make one row (the unique
 * indexes decide, and the loser reads the winner's).
 */
export async function openConversation(db: Db, ref: ConversationRef, title = ''): Promise<number> {
  const values = {
    customerId: ref.customerId,
    appId: ref.appId,
    channel: ref.channel,
    userId: ref.userId ?? null,
    accountId: ref.accountId ?? null,
    contactId: ref.contactId ?? null,
    externalKey: ref.externalKey ?? null,
    origin: ref.origin ?? null,
    title: [...title.trim()].slice(0, TITLE_MAX).join(''),
  };
  if (ref.contactId === undefined && ref.externalKey === undefined) {
    const [row] = await db.insert(agentConversations).values(values).returning({ id: agentConversations.id });
    return (row as { id: number }).id;
  }
  const [inserted] = await db
    .insert(agentConversations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: agentConversations.id });
  if (inserted) return inserted.id;
  const existing =
    ref.contactId === undefined
      ? await conversationOfKey(db, ref.appId ?? 0, ref.externalKey ?? '')
      : await conversationOfContact(db, ref.contactId);
  if (existing === null) throw new Error('conversation vanished between insert and read');
  return existing;
}

async function conversationOfContact(db: Db, contactId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: agentConversations.id })
    .from(agentConversations)
    .where(eq(agentConversations.contactId, contactId));
  return row?.id ?? null;
}

/** The conversation of an app's end user (an API caller's `user`, a widget visitor), if there is one yet. */
export async function conversationOfKey(db: Db, appId: number, externalKey: string): Promise<number | null> {
  const [row] = await db
    .select({ id: agentConversations.id })
    .from(agentConversations)
    .where(and(eq(agentConversations.appId, appId), eq(agentConversations.externalKey, externalKey)));
  return row?.id ?? null;
}

/** The one conversation of a contact of a messaging account, created on first use. */
export function openContactConversation(
  db: Db,
  account: { id: number; customerId: number; appId: number | null },
  contact: { id: number; nickname: string },
): Promise<number> {
  return openConversation(
    db,
    {
      customerId: account.customerId,
      appId: account.appId,
      channel: 'contact',
      accountId: account.id,
      contactId: contact.id,
    },
    contact.nickname,
  );
}

/** A contact conversation to open if the contact has none (the flag of an undelivered welcome). */
export interface ContactConversationRow {
  customerId: number;
  appId: number | null;
  accountId: number;
  contactId: number;
  title: string;
}

/** Opens the conversations of contacts that have none yet, in one statement (the caller's transaction). */
export async function openContactConversations(tx: Executor, rows: readonly ContactConversationRow[]): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(agentConversations)
    .values(rows.map((r) => ({ ...r, channel: 'contact' satisfies ConversationChannel })))
    .onConflictDoNothing();
}

/**
 * An answer was stored in the conversation: its last message time moves, and an answer that asks
 * for a person raises the flag (`noAnswer`), kept until a person deals with it.
 */
export async function noteAnswer(tx: Executor, conversationId: number, needsPerson: boolean): Promise<void> {
  await tx
    .update(agentConversations)
    .set({
      lastMessageAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(needsPerson ? RAISED_FLAG('noAnswer') : {}),
    })
    .where(eq(agentConversations.id, conversationId));
}

/**
 * The one way a conversation comes to wait for a person (issue 34): the agent found nothing to
 * say, the quota is used up, or a reply or welcome message could not be delivered. The reason is
 * kept beside the flag (the latest one wins: it is what a person acts on); the time stays the
 * first, so "waiting since" keeps its meaning.
 */
export async function flagConversation(tx: Executor, conversationId: number, reason: NeedsPersonReason): Promise<void> {
  await tx
    .update(agentConversations)
    .set({ ...RAISED_FLAG(reason), updatedAt: sql`now()` })
    .where(eq(agentConversations.id, conversationId));
}

/** Flags the conversations of these contacts; answers the contacts whose conversation did not wait before. */
export async function flagContactConversations(
  tx: Executor,
  contactIds: readonly number[],
  reason: NeedsPersonReason,
): Promise<number[]> {
  const flagged = await tx
    .update(agentConversations)
    .set({ ...RAISED_FLAG(reason), updatedAt: sql`now()` })
    .where(inArray(agentConversations.contactId, [...contactIds]))
    .returning({
      contactId: agentConversations.contactId,
      // Set by this statement: the transaction's now() is what coalesce wrote.
      fresh: sql<boolean>`${agentConversations.needsPersonAt} = now()`,
    });
  return flagged.filter((f) => f.fresh && f.contactId !== null).map((f) => f.contactId as number);
}

/** Clears the flag of a contact's conversation, only if it was raised for this reason. */
export async function clearContactFlagOf(tx: Executor, contactId: number, reason: NeedsPersonReason): Promise<void> {
  await tx
    .update(agentConversations)
    .set({ ...CLEARED_FLAG, updatedAt: sql`now()` })
    .where(and(eq(agentConversations.contactId, contactId), eq(agentConversations.needsPersonReason, reason)));
}

/** A person has dealt with a contact's conversation: the flag goes. */
export async function clearContactNeedsPerson(exec: Executor, contactId: number): Promise<void> {
  await exec
    .update(agentConversations)
    .set({ ...CLEARED_FLAG, updatedAt: sql`now()` })
    .where(eq(agentConversations.contactId, contactId));
}

/**
 * A person has dealt with a conversation (answered it, or read it and acted elsewhere): the flag
 * goes; `lastMessageAt` when the person's answer is a message of the conversation.
 */
export async function clearNeedsPerson(exec: Executor, conversationId: number, lastMessageAt?: Date): Promise<void> {
  await exec
    .update(agentConversations)
    .set({ ...CLEARED_FLAG, ...(lastMessageAt ? { lastMessageAt } : {}), updatedAt: sql`now()` })
    .where(eq(agentConversations.id, conversationId));
}

/** A bubble thread's customer and app, if it is one of this user's threads. */
export async function bubbleThreadOf(
  exec: Executor,
  conversationId: number,
  userId: number,
): Promise<{ customerId: number; appId: number | null } | undefined> {
  const [row] = await exec
    .select({ customerId: agentConversations.customerId, appId: agentConversations.appId })
    .from(agentConversations)
    .where(
      and(
        eq(agentConversations.id, conversationId),
        eq(agentConversations.channel, 'bubble' satisfies ConversationChannel),
        eq(agentConversations.userId, userId),
      ),
    );
  return row;
}

/**
 * One of the caller's bubble threads of a customer in their scope: the one asked for, or else the
 * latest that has an answer; undefined when there is none.
 */
export async function ownBubbleThread(
  exec: Executor,
  auth: AuthContext,
  conversationId?: number,
): Promise<{ id: number; customerId: number; appId: number | null } | undefined> {
  const mine = and(
    eq(agentConversations.channel, 'bubble' satisfies ConversationChannel),
    eq(agentConversations.userId, auth.userId),
    scopeCondition(auth, agentConversations.customerId),
  );
  const columns = {
    id: agentConversations.id,
    customerId: agentConversations.customerId,
    appId: agentConversations.appId,
  };
  const [row] =
    conversationId !== undefined
      ? await exec
          .select(columns)
          .from(agentConversations)
          .where(and(mine, eq(agentConversations.id, conversationId)))
      : await exec
          .select(columns)
          .from(agentConversations)
          .where(and(mine, isNotNull(agentConversations.lastMessageAt)))
          .orderBy(desc(agentConversations.lastMessageAt), desc(agentConversations.id))
          .limit(1);
  return row;
}
