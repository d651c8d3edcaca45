import { concurrentTransactions, type Db, type Executor } from '../../../db/client';
import { GroupCommit } from '../../../lib/group-commit';
import { insertMessagesOnce, messagesDeliveriesMayRepeat, type NewChatMessage } from '../outbox/message.repo';
import { DailyTally } from '../rollup/rollup';
import { type Conversation, conversationKey, lockConversations, rollUpIncoming } from '../rollup/rollup-batch';
import { conversationsFacts } from './conversation-lock';
import {
  contentHash,
  countRedelivery,
  type LogAccount,
  type LogResult,
  type MessageEvent,
  REDELIVERY_WINDOW_MS,
  storeIncomingAlone,
} from './message-log';

/** The most incoming messages written in one transaction. */
export const INCOMING_BATCH_MAX = 32;

export interface Incoming {
  account: LogAccount;
  event: MessageEvent;
}

/** A stored message a delivery may repeat: in the log already, or earlier in the same batch. */
interface Candidate {
  /** The row's id; for a message of the batch, its place in the batch until it is stored. */
  id: number | { item: number };
  accountId: number;
  gatewayMsgId: string | null;
  contentHash: string | null;
  incoming: boolean;
  sentAt: Date;
}

/**
 * The message a delivery repeats, as message-log.ts `findSameMessage` chooses it: the same
 * gateway id first, else an incoming message of the same content hash within 10 s, nearest first.
 */
function sameAs(item: Incoming, hash: string, candidates: readonly Candidate[]): Candidate | undefined {
  let best: Candidate | undefined;
  let bestKey: [number, number] | undefined;
  for (const c of candidates) {
    if (c.accountId !== item.account.id) continue;
    const sameId = c.gatewayMsgId === item.event.msgId;
    const distance = Math.abs(c.sentAt.getTime() - item.event.at.getTime());
    if (!sameId && !(c.incoming && c.contentHash === hash && distance <= REDELIVERY_WINDOW_MS)) continue;
    const key: [number, number] = [sameId ? 0 : 1, distance];
    if (!bestKey || key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
      best = c;
      bestKey = key;
    }
  }
  return best;
}

/** The log's messages any of the batch may repeat, in one read. */
async function candidatesInLog(tx: Executor, items: readonly Incoming[], hashes: readonly string[]) {
  const times = items.map((item) => item.event.at.getTime());
  return messagesDeliveriesMayRepeat(tx, {
    accountIds: [...new Set(items.map((item) => item.account.id))],
    msgIds: items.map((item) => item.event.msgId),
    hashes: [...new Set(hashes)],
    from: new Date(Math.min(...times) - REDELIVERY_WINDOW_MS),
    to: new Date(Math.max(...times) + REDELIVERY_WINDOW_MS),
  });
}

/**
 * Incoming messages that arrive while others are being written, stored in one transaction
 * (issue 38: the write rate was bound by a commit per message, and by the customer's row of daily
 * counters, which each message's transaction held until its commit). The batch takes its
 * conversations' locks first, all at once and in one order (rollup-batch.ts), so it never waits
 * for a lock while holding rows another writer needs; then decides each message's duplicate as a
 * lone write does, the batch's earlier messages included; then inserts the new ones in one
 * statement and rolls them up with one statement per table.
 */
export async function storeIncomingBatch(db: Db, items: readonly Incoming[]): Promise<LogResult[]> {
  return db.transaction(async (tx) => {
    const conversations = [
      ...new Map(
        items.map((item) => {
          const c: Conversation = { accountId: item.account.id, peerWcId: item.event.fromWcId };
          return [conversationKey(c), c] as const;
        }),
      ).values(),
    ];
    await lockConversations(tx, conversations);
    const facts = await conversationsFacts(tx, conversations);
    const hashes = items.map((item) => contentHash(item.event));
    const candidates: Candidate[] = (await candidatesInLog(tx, items, hashes)).map((c) => ({
      ...c,
      sentAt: c.sentAt ?? new Date(0),
    }));

    /** Per item: a repeat of a row of the log, of an earlier item, or a new row (its place in `rows`). */
    const decided: ({ log: number } | { item: number } | { row: number })[] = [];
    const rows: (NewChatMessage & { sentAt: Date })[] = [];
    items.forEach((item, i) => {
      const hash = hashes[i] as string;
      const same = sameAs(item, hash, candidates);
      if (same) {
        decided.push(typeof same.id === 'number' ? { log: same.id } : same.id);
        return;
      }
      decided.push({ row: rows.length });
      rows.push({
        customerId: item.account.customerId,
        accountId: item.account.id,
        contactId:
          facts.get(conversationKey({ accountId: item.account.id, peerWcId: item.event.fromWcId }))?.contactId ?? null,
        peerWcId: item.event.fromWcId,
        senderWcId: item.event.senderWcId ?? null,
        direction: 'in',
        type: item.event.type,
        content: item.event.content,
        fileName: item.event.fileName ?? null,
        gatewayMsgId: item.event.msgId,
        contentHash: hash,
        status: 'received',
        source: 'gateway',
        sentAt: item.event.at,
      });
      candidates.push({
        id: { item: i },
        accountId: item.account.id,
        gatewayMsgId: item.event.msgId,
        contentHash: hash,
        incoming: true,
        sentAt: item.event.at,
      });
    });

    // The unique (account, gateway id) index still keeps a delivery that slipped past to one row.
    const inserted = rows.length ? await insertMessagesOnce(tx, rows) : [];
    // Matched by their keys rather than trusted to come back in the order of the values.
    const byKey = new Map(inserted.map((row) => [`${row.accountId}:${row.gatewayMsgId}`, row]));
    const stored = rows.map((row): LogResult => {
      const back = byKey.get(`${row.accountId}:${row.gatewayMsgId}`);
      if (!back) throw new Error('message log batch insert answered no row');
      return { outcome: back.inserted ? 'stored' : 'duplicate', messageId: back.id };
    });
    const answers: LogResult[] = [];
    for (const d of decided) {
      if ('row' in d) {
        answers.push(stored[d.row] as LogResult);
        continue;
      }
      // A repeat is counted on the row it repeats, as a lone write counts it.
      const messageId = 'log' in d ? d.log : (answers[d.item] as LogResult).messageId;
      await countRedelivery(tx, messageId);
      answers.push({ outcome: 'duplicate', messageId });
    }

    const daily = new DailyTally();
    const fresh = rows.flatMap((row, n) => {
      const result = stored[n];
      return result?.outcome === 'stored'
        ? [
            {
              id: result.messageId,
              customerId: row.customerId,
              accountId: row.accountId,
              peerWcId: row.peerWcId,
              senderWcId: row.senderWcId ?? null,
              direction: 'in' as const,
              source: 'gateway',
              at: row.sentAt,
            },
          ]
        : [];
    });
    await rollUpIncoming(tx, fresh, facts, daily);
    await daily.write(tx);
    return answers;
  });
}

/**
 * Stores an incoming message once. A second delivery of the same gateway id, or of the same
 * sender and content within 10 s of the stored message's time under a new id, increments that
 * row's `redeliveries` instead. The check and the insert run under the conversation's advisory
 * lock, so two deliveries arriving together on two instances still make one row. Messages that
 * arrive while others are being written go together in one transaction.
 */
export function storeIncomingMessage(db: Db, account: LogAccount, event: MessageEvent): Promise<LogResult> {
  return incomingBatches(db).add({ account, event });
}

const groups = new WeakMap<Db, GroupCommit<Incoming, LogResult>>();

/** The group commit of incoming messages on one database. */
function incomingBatches(db: Db): GroupCommit<Incoming, LogResult> {
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(
      (items) => storeIncomingBatch(db, items),
      (item) => storeIncomingAlone(db, item.account, item.event),
      INCOMING_BATCH_MAX,
      concurrentTransactions(db),
    );
    groups.set(db, group);
  }
  return group;
}
