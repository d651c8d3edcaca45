import type { Db, Executor } from '../../../db/client';
import type { GatewayEvent } from '../../../integrations/messaging-gateway/gateway';
import { sha256 } from '../../../lib/random';
import {
  countMessageRedelivery,
  insertMessageOnce,
  type NewChatMessage,
  sameLoggedMessage,
} from '../outbox/message.repo';
import { countFriendRequest, type RollUpContext, rollUpMessage } from '../rollup/rollup';
import { lockConversation } from './conversation-lock';

export type MessageEvent = Extract<GatewayEvent, { kind: 'message' }>;
type FriendRequestEvent = Extract<GatewayEvent, { kind: 'friendRequest' }>;

/** The account a callback is about. */
export interface LogAccount {
  id: number;
  customerId: number;
}

/** What became of one incoming event in the log. */
export type LogOutcome = 'stored' | 'duplicate';

/** The outcome, and the row the event is (stored now, or stored before for a duplicate). */
export interface LogResult {
  outcome: LogOutcome;
  messageId: number;
}

/**
 * Gateways redeliver a message with a new id seconds later (WAVE2 §15.4): the same sender and
 * content within this much of the stored message's own time is the same message.
 */
export const REDELIVERY_WINDOW_MS = 10_000;

/** Marks the message id of a friend request in the log: the gateway's ticket, kept to accept it later. */
export const FRIEND_REQUEST_ID_PREFIX = 'friendRequest:';

/** Who wrote what: the key of the redelivery check (sender, group member, type, file name, content). */
export function contentHash(event: MessageEvent): string {
  return sha256(
    [event.fromWcId, event.senderWcId ?? '', event.type, event.fileName ?? '', event.content].join('\u0000'),
  );
}

/** Counts a suppressed redelivery on the stored message, so the log still shows it happened. */
export async function countRedelivery(db: Executor, id: number): Promise<void> {
  await countMessageRedelivery(db, id);
}

/** The stored message a delivery repeats, and whether it was found by the gateway's message id. */
export interface SameMessage {
  id: number;
  source: string;
  /** True: stored under this very gateway id. False: the same content within 10 s under another id. */
  sameId: boolean;
}

/**
 * The stored message this delivery repeats, in one read: the row of the same gateway id, else the
 * message of those `kind` selects with the same content hash within 10 s of `at`, nearest first.
 * Run under `lockConversation`, so two deliveries arriving together (on two instances) are decided
 * one after the other.
 */
export async function findSameMessage(
  tx: Executor,
  accountId: number,
  hash: string,
  msgId: string,
  at: Date,
  kind: { direction: 'in' } | { source: string },
): Promise<SameMessage | undefined> {
  return sameLoggedMessage(tx, { accountId, hash, msgId, at }, kind, REDELIVERY_WINDOW_MS);
}

/** Counts the delivery on the stored message it repeats and answers the duplicate. */
export async function countDuplicate(tx: Executor, same: SameMessage): Promise<LogResult> {
  await countRedelivery(tx, same.id);
  return { outcome: 'duplicate', messageId: same.id };
}

/**
 * Starts a write of one conversation's message: takes the conversation lock and reads the
 * conversation (the contact's id for the row, and what the roll-ups need).
 */
export async function beginConversationWrite(
  tx: Executor,
  accountId: number,
  peerWcId: string,
): Promise<RollUpContext> {
  return { conversation: await lockConversation(tx, accountId, peerWcId) };
}

/** One incoming message in a transaction of its own (incoming-batch.ts `storeIncomingMessage` batches them). */
export async function storeIncomingAlone(db: Db, account: LogAccount, event: MessageEvent): Promise<LogResult> {
  return db.transaction(async (tx) => {
    const held = await beginConversationWrite(tx, account.id, event.fromWcId);
    return storeIncomingHeld(tx, held, account, event);
  });
}

/** The duplicate check and the insert of an incoming message whose conversation lock `held` is. */
export async function storeIncomingHeld(
  tx: Executor,
  held: RollUpContext,
  account: LogAccount,
  event: MessageEvent,
): Promise<LogResult> {
  const hash = contentHash(event);
  const same = await findSameMessage(tx, account.id, hash, event.msgId, event.at, { direction: 'in' });
  if (same) return countDuplicate(tx, same);
  // The same id with other content (a gateway bug) is found above by its id: the unique index
  // keeps even a delivery that slipped past to one row.
  return insertAndRollUp(tx, held, {
    ...loggedMessage(held, account, event, hash),
    senderWcId: event.senderWcId ?? null,
    direction: 'in',
    status: 'received',
    source: 'gateway',
  });
}

/**
 * The log row of a message the gateway reported, incoming or the account's own (own-message.ts):
 * the conversation it belongs to and what it says; the caller adds its direction, sender, status
 * and source.
 */
export function loggedMessage(held: RollUpContext, account: LogAccount, event: MessageEvent, hash: string) {
  return {
    customerId: account.customerId,
    accountId: account.id,
    contactId: held.conversation?.contactId ?? null,
    peerWcId: event.fromWcId,
    type: event.type,
    content: event.content,
    fileName: event.fileName ?? null,
    gatewayMsgId: event.msgId,
    contentHash: hash,
    sentAt: event.at,
  };
}

/** insertOnce, and the metrics roll-ups brought up to date when the row is new (a redelivery counts once). */
export async function insertAndRollUp(
  tx: Executor,
  held: RollUpContext,
  values: NewChatMessage & { direction: 'in' | 'out'; sentAt: Date },
): Promise<LogResult> {
  const result = await insertOnce(tx, values);
  if (result.outcome === 'stored') {
    await rollUpMessage(
      tx,
      {
        id: result.messageId,
        customerId: values.customerId,
        accountId: values.accountId,
        peerWcId: values.peerWcId,
        senderWcId: values.senderWcId ?? null,
        direction: values.direction,
        source: values.source,
        at: values.sentAt,
      },
      held,
    );
  }
  return result;
}

/** Stores a row from the gateway, or counts a redelivery on the row of the same gateway id. */
export async function insertOnce(db: Executor, values: NewChatMessage): Promise<LogResult> {
  const { messageId, stored } = await insertMessageOnce(db, values);
  return { outcome: stored ? 'stored' : 'duplicate', messageId };
}

/**
 * Records a friend request in the log (type `friendRequest`, the requester's nickname as its
 * content). Auto-accept (modules/automation/auto-reply) finds the request here, with the gateway's ticket
 * in the message id, which also keeps a redelivered request to one row.
 */
export async function storeFriendRequest(db: Db, account: LogAccount, event: FriendRequestEvent): Promise<LogResult> {
  return db.transaction(async (tx) => {
    const contactId = (await lockConversation(tx, account.id, event.fromWcId))?.contactId ?? null;
    const result = await insertOnce(tx, {
      customerId: account.customerId,
      accountId: account.id,
      contactId,
      peerWcId: event.fromWcId,
      direction: 'in',
      type: 'friendRequest',
      content: event.nickname,
      gatewayMsgId: `${FRIEND_REQUEST_ID_PREFIX}${event.ticket}`,
      status: 'received',
      source: 'gateway',
      sentAt: event.at,
    });
    if (result.outcome === 'stored') await countFriendRequest(tx, account.customerId, event.at);
    return result;
  });
}
