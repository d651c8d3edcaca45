import {
  and,
  between,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { chatMessages, chatSendBatches } from '../../../db/schema';
import { userNickNameOf } from '../../system/user/user.repo';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** A row of the message log. */
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/**
 * The message log, every column under its own name, as a subquery named `alias`, for raw SQL (the
 * metrics' reports); Postgres flattens it into the plan of the table itself.
 */
export function messagesAs(alias: string) {
  return new QueryBuilder().select().from(chatMessages).as(alias);
}

/**
 * The message log as a subquery to select from or join (Postgres flattens it: the plan is that of
 * the table itself); select a whole row with `messageRowColumns`.
 */
export const messagesToJoin = messagesAs('chat_message');

/** The columns of a message row of `messagesToJoin`, to select as one nested object. */
export const messageRowColumns = {
  id: messagesToJoin.id,
  customerId: messagesToJoin.customerId,
  accountId: messagesToJoin.accountId,
  contactId: messagesToJoin.contactId,
  peerWcId: messagesToJoin.peerWcId,
  senderWcId: messagesToJoin.senderWcId,
  direction: messagesToJoin.direction,
  type: messagesToJoin.type,
  content: messagesToJoin.content,
  fileName: messagesToJoin.fileName,
  gatewayMsgId: messagesToJoin.gatewayMsgId,
  contentHash: messagesToJoin.contentHash,
  redeliveries: messagesToJoin.redeliveries,
  status: messagesToJoin.status,
  reason: messagesToJoin.reason,
  batchId: messagesToJoin.batchId,
  source: messagesToJoin.source,
  sentAt: messagesToJoin.sentAt,
  createdAt: messagesToJoin.createdAt,
} satisfies Record<keyof ChatMessageRow, unknown>;

/**
 * The last `limit` text and file messages of one conversation up to a message, newest first: the
 * contact's and every send of the account that reached it or may (failed ones are left out).
 */
export function recentConversationMessages(
  exec: Executor,
  target: { accountId: number; peerWcId: string; uptoMessageId: number },
  limit: number,
): Promise<{ direction: string; type: string; content: string; fileName: string | null }[]> {
  return exec
    .select({
      direction: chatMessages.direction,
      type: chatMessages.type,
      content: chatMessages.content,
      fileName: chatMessages.fileName,
    })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, target.accountId),
        eq(chatMessages.peerWcId, target.peerWcId),
        lte(chatMessages.id, target.uptoMessageId),
        inArray(chatMessages.type, ['text', 'file']),
        or(eq(chatMessages.direction, 'in'), inArray(chatMessages.status, ['queued', 'sending', 'sent'])),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/**
 * Sets a message's status and reason unless it already has status `unless` (a guard against a
 * second handler); whether it was set.
 */
export async function setMessageStatusUnless(
  exec: Executor,
  messageId: number,
  change: { status: string; reason: string | null },
  unless: string,
): Promise<boolean> {
  const rows = await exec
    .update(chatMessages)
    .set(change)
    .where(and(eq(chatMessages.id, messageId), ne(chatMessages.status, unless)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** Links a logged message to its contact's row. */
export async function setMessageContact(exec: Executor, messageId: number, contactId: number): Promise<void> {
  await exec.update(chatMessages).set({ contactId }).where(eq(chatMessages.id, messageId));
}

/** Links the messages of `wcId` on the account logged before its contact row existed (no contact yet) to the row. */
export async function linkEarlierMessages(
  exec: Executor,
  accountId: number,
  wcId: string,
  contactId: number,
): Promise<void> {
  await exec
    .update(chatMessages)
    .set({ contactId })
    .where(and(eq(chatMessages.accountId, accountId), eq(chatMessages.peerWcId, wcId), isNull(chatMessages.contactId)));
}

/** One conversation of the log: an account and the peer's wcId, as values or the caller's columns. */
export interface ConversationKey {
  accountId: SQLWrapper | number;
  peerWcId: SQLWrapper | string;
}

// The helpers below nest their SQL, so that the caller's columns stay qualified in a one-table select.

/** Whether the contact wrote in the conversation after message `afterId` (friend requests aside), as an `exists`. */
export function contactWroteAfter(c: ConversationKey, afterId: SQLWrapper | number): SQL<boolean> {
  const rows = sql`select 1 from ${chatMessages} m where m.account_id = ${c.accountId}
    and m.peer_wc_id = ${c.peerWcId} and m.direction = 'in' and m.type <> 'friendRequest' and m.id > ${afterId}`;
  return sql<boolean>`exists (${rows})`;
}

/** Whether a person wrote to the contact (console or phone) after message `afterId`, as an `exists`. */
export function personWroteAfter(c: ConversationKey, afterId: SQLWrapper | number): SQL<boolean> {
  const rows = sql`select 1 from ${chatMessages} m where m.account_id = ${c.accountId}
    and m.peer_wc_id = ${c.peerWcId} and m.direction = 'out' and m.source in ('person', 'phone') and m.id > ${afterId}`;
  return sql<boolean>`exists (${rows})`;
}

/**
 * When the conversation's newest message was sent or received (friend requests and unsent
 * messages aside), as a correlated subquery (raw: the caller maps it to a date).
 */
export function lastConversationMessageAt(c: ConversationKey): SQL<unknown> {
  const newest = sql`select coalesce(m.sent_at, m.created_at) from ${chatMessages} m
    where m.account_id = ${c.accountId} and m.peer_wc_id = ${c.peerWcId}
      and m.type <> 'friendRequest' and (m.direction = 'in' or m.status = 'sent')
    order by m.id desc limit 1`;
  return sql`(${newest})`;
}

/** A send batch to write: who sent what from which account, and how many messages it holds. */
export type NewSendBatch = typeof chatSendBatches.$inferInsert;

/** Writes a send batch (run in the caller's transaction, with its messages); its id. */
export async function createSendBatch(exec: Executor, batch: NewSendBatch): Promise<number> {
  const [row] = await exec.insert(chatSendBatches).values(batch).returning({ id: chatSendBatches.id });
  if (!row) throw new Error('send batch not written');
  return row.id;
}

/**
 * A page of one conversation's log, newest first: the messages before `before` (the latest when
 * absent), at most `limit`, each with the user whose batch sent it (a reply by hand) and their
 * nickname; one statement.
 */
export function conversationLogPage(
  exec: Executor,
  c: { accountId: number; peerWcId: string },
  before: number | undefined,
  limit: number,
): Promise<{ message: ChatMessageRow; personId: number | null; personName: string | null }[]> {
  return exec
    .select({
      message: chatMessages,
      personId: chatSendBatches.userId,
      personName: userNickNameOf(chatSendBatches.userId),
    })
    .from(chatMessages)
    .leftJoin(chatSendBatches, eq(chatSendBatches.id, chatMessages.batchId))
    .where(
      and(
        eq(chatMessages.accountId, c.accountId),
        eq(chatMessages.peerWcId, c.peerWcId),
        before === undefined ? undefined : lt(chatMessages.id, before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** A row of the message log to write. */
export type NewChatMessage = typeof chatMessages.$inferInsert;

/** Counts a suppressed redelivery on the stored message, so the log still shows it happened. */
export async function countMessageRedelivery(exec: Executor, id: number): Promise<void> {
  await exec
    .update(chatMessages)
    .set({ redeliveries: sql`${chatMessages.redeliveries} + 1` })
    .where(eq(chatMessages.id, id));
}

/**
 * The logged message a delivery repeats, in one read: the row of the same gateway id, else the
 * message of the given kind (incoming, or of a source) with the same content hash within
 * `windowMs` of `at`, nearest first; `sameId` says it was found by the gateway's id.
 */
export async function sameLoggedMessage(
  tx: Executor,
  delivery: { accountId: number; hash: string; msgId: string; at: Date },
  kind: { direction: 'in' } | { source: string },
  windowMs: number,
): Promise<{ id: number; source: string; sameId: boolean } | undefined> {
  const { accountId, hash, msgId, at } = delivery;
  const byId = sql<boolean>`(${chatMessages.gatewayMsgId} is not distinct from ${msgId})`;
  const ofKind =
    'direction' in kind ? eq(chatMessages.direction, kind.direction) : eq(chatMessages.source, kind.source);
  const [row] = await tx
    .select({ id: chatMessages.id, source: chatMessages.source, sameId: byId })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, accountId),
        or(
          eq(chatMessages.gatewayMsgId, msgId),
          and(
            eq(chatMessages.contentHash, hash),
            ofKind,
            between(chatMessages.sentAt, new Date(at.getTime() - windowMs), new Date(at.getTime() + windowMs)),
          ),
        ),
      ),
    )
    .orderBy(desc(byId), sql`abs(extract(epoch from ${chatMessages.sentAt} - ${at.toISOString()}::timestamptz))`)
    .limit(1);
  return row;
}

/**
 * Stores a row from the gateway, or counts a redelivery on the row of the same (account, gateway
 * id); the row's id and whether it is new.
 */
export async function insertMessageOnce(
  exec: Executor,
  values: NewChatMessage,
): Promise<{ messageId: number; stored: boolean }> {
  const [row] = await exec
    .insert(chatMessages)
    .values(values)
    .onConflictDoUpdate({
      target: [chatMessages.accountId, chatMessages.gatewayMsgId],
      set: { redeliveries: sql`${chatMessages.redeliveries} + 1` },
    })
    .returning({ id: chatMessages.id, redeliveries: chatMessages.redeliveries });
  if (!row) throw new Error('message log insert answered no row');
  return { messageId: row.id, stored: !row.redeliveries };
}

/**
 * Stores gateway rows in one statement; a row whose (account, gateway id) is logged already counts
 * a redelivery there instead. Each row's id, keys and whether it is new (`inserted`), in any order.
 */
export function insertMessagesOnce(
  exec: Executor,
  rows: NewChatMessage[],
): Promise<{ id: number; accountId: number; gatewayMsgId: string | null; inserted: boolean }[]> {
  return exec
    .insert(chatMessages)
    .values(rows)
    .onConflictDoUpdate({
      target: [chatMessages.accountId, chatMessages.gatewayMsgId],
      set: { redeliveries: sql`${chatMessages.redeliveries} + 1` },
    })
    .returning({
      id: chatMessages.id,
      accountId: chatMessages.accountId,
      gatewayMsgId: chatMessages.gatewayMsgId,
      inserted: sql<boolean>`(xmax = 0)`,
    });
}

/**
 * The logged messages a batch of deliveries may repeat, in one read: of these accounts, with one of
 * these gateway ids, or incoming with one of these content hashes sent between `from` and `to`.
 */
export function messagesDeliveriesMayRepeat(
  exec: Executor,
  q: { accountIds: number[]; msgIds: string[]; hashes: string[]; from: Date; to: Date },
): Promise<
  {
    id: number;
    accountId: number;
    gatewayMsgId: string | null;
    contentHash: string | null;
    incoming: boolean;
    sentAt: Date | null;
  }[]
> {
  return exec
    .select({
      id: chatMessages.id,
      accountId: chatMessages.accountId,
      gatewayMsgId: chatMessages.gatewayMsgId,
      contentHash: chatMessages.contentHash,
      incoming: sql<boolean>`${chatMessages.direction} = 'in'`,
      sentAt: chatMessages.sentAt,
    })
    .from(chatMessages)
    .where(
      and(
        inArray(chatMessages.accountId, q.accountIds),
        or(
          inArray(chatMessages.gatewayMsgId, q.msgIds),
          and(
            inArray(chatMessages.contentHash, q.hashes),
            eq(chatMessages.direction, 'in'),
            gte(chatMessages.sentAt, q.from),
            lte(chatMessages.sentAt, q.to),
          ),
        ),
      ),
    );
}

/**
 * Whether the console sent this contact the same text (or file name) recently and it is not
 * confirmed yet (queued, sending or failed; not of `exceptSource`): the account's own message the
 * gateway reports may be its echo.
 */
export async function unconfirmedSendExists(
  exec: Executor,
  q: {
    accountId: number;
    peerWcId: string;
    exceptSource: string;
    type: string;
    content: string;
    fileName: string | null;
    since: Date;
  },
): Promise<boolean> {
  const [row] = await exec
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, q.accountId),
        eq(chatMessages.peerWcId, q.peerWcId),
        eq(chatMessages.direction, 'out'),
        ne(chatMessages.source, q.exceptSource),
        inArray(chatMessages.status, ['queued', 'sending', 'failed']),
        eq(chatMessages.type, q.type),
        q.type === 'text' ? eq(chatMessages.content, q.content) : eq(chatMessages.fileName, q.fileName ?? ''),
        gte(chatMessages.createdAt, q.since),
      ),
    )
    .limit(1);
  return row !== undefined;
}
