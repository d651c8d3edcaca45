import type { Db } from '../../../db/client';
import type { GatewayEvent } from '../../../integrations/messaging-gateway/gateway';
import { unconfirmedSendExists } from '../outbox/message.repo';
import {
  beginConversationWrite,
  contentHash,
  countDuplicate,
  findSameMessage,
  insertAndRollUp,
  type LogAccount,
  type LogResult,
  loggedMessage,
} from './message-log';

type MessageEvent = Extract<GatewayEvent, { kind: 'message' }>;

/**
 * The message log's `source` of a message a person typed on the account's own phone: not sent by
 * the console (the send sources are `ChatSendSource` in messaging/outbox/send-queue.ts), reported by
 * the gateway as the account's own message.
 */
export const PHONE_SOURCE = 'phone';

/**
 * How long after it was queued a send of the console can still come back as its echo without the
 * gateway's message id on our row: the echo may arrive before the sender records the receipt, and
 * a send that failed as "may or may not have been sent" may have gone out after all.
 */
export const ECHO_WINDOW_MS = 10 * 60_000;

/** What became of the account's own message: stored (a person wrote it on the phone), a redelivery, or ours. */
export type OwnMessageResult = LogResult | { outcome: 'ours' };

/**
 * Stores a message the account itself wrote (`fromSelf`). One of the console's own sends echoed
 * back is recognised and left alone: by the gateway's message id on our sent row, or, while the
 * receipt is not recorded yet, by an unanswered send of ours to the same contact with the same
 * text or file name. Anything else a person typed on the phone: stored as an outgoing message
 * (status `sent`, source `phone`), once — a redelivery under the same or a new id within 10 s
 * counts on the stored row, as for incoming messages. Runs under the same conversation lock as them.
 */
export async function storeOwnMessage(db: Db, account: LogAccount, event: MessageEvent): Promise<OwnMessageResult> {
  const hash = contentHash(event);
  return db.transaction(async (tx) => {
    const held = await beginConversationWrite(tx, account.id, event.fromWcId);
    const same = await findSameMessage(tx, account.id, hash, event.msgId, event.at, { source: PHONE_SOURCE });
    if (same?.sameId) return same.source === PHONE_SOURCE ? countDuplicate(tx, same) : { outcome: 'ours' };
    const inFlight = await unconfirmedSendExists(tx, {
      accountId: account.id,
      peerWcId: event.fromWcId,
      exceptSource: PHONE_SOURCE,
      type: event.type,
      content: event.content,
      fileName: event.fileName ?? null,
      since: new Date(Date.now() - ECHO_WINDOW_MS),
    });
    if (inFlight) return { outcome: 'ours' };
    if (same) return countDuplicate(tx, same);
    return insertAndRollUp(tx, held, {
      ...loggedMessage(held, account, event, hash),
      senderWcId: null,
      direction: 'out',
      status: 'sent',
      source: PHONE_SOURCE,
    });
  });
}
