import type PgBoss from 'pg-boss';
import type { Db, Executor } from '../../../db/client';
import { chatMessages } from '../../../db/schema';
import { insertJobs, QUEUES, sendJob } from '../../../jobs/queues';

/**
 * Every message an account sends goes through here (issue 15): batch messages now, welcome
 * messages, agent replies and follow-up later. A send is a row of the message log (out, queued)
 * and a job of the `chat-send` queue; the worker (send-worker.ts) sends an account's messages one
 * at a time through the pacing governor. Nothing waits in memory: a restart finds the rows.
 */

/**
 * What sent a message (the message log's `source`); `person` is a reply by hand from the
 * conversation view (its one-message batch names who wrote it).
 */
export type ChatSendSource = 'batch' | 'welcome' | 'agent' | 'followup' | 'person';

export type ChatSendContent =
  | { type: 'text'; content: string }
  /** A stored object (OSS); the gateway fetches it by a short-lived link when its turn comes. */
  | { type: 'file'; objectId: number; fileName: string };

export interface ChatSendRequest {
  customerId: number;
  accountId: number;
  contactId: number | null;
  /** The contact's or group's wcId. */
  peerWcId: string;
  source: ChatSendSource;
  batchId?: number;
  message: ChatSendContent;
}

/** A file message keeps its stored object in `content` as `object:<id>`. */
export const OBJECT_REF = /^object:(\d{1,10})$/;
export const objectRef = (objectId: number) => `object:${objectId}`;

/** Jobs are retried only when the handler itself failed (a database error); sends record their own outcome. */
export const SEND_JOB_OPTIONS = { retryLimit: 3, retryDelay: 5, expireInSeconds: 5 * 60 } as const;

/** Writes the queued rows (inside the caller's transaction, if any); answers their ids in order. */
export async function insertQueuedMessages(db: Executor, requests: ChatSendRequest[]): Promise<number[]> {
  if (!requests.length) return [];
  const rows = await db
    .insert(chatMessages)
    .values(
      requests.map((r) => ({
        customerId: r.customerId,
        accountId: r.accountId,
        contactId: r.contactId,
        peerWcId: r.peerWcId,
        direction: 'out',
        type: r.message.type,
        content: r.message.type === 'text' ? r.message.content : objectRef(r.message.objectId),
        fileName: r.message.type === 'file' ? r.message.fileName : null,
        status: 'queued',
        source: r.source,
        batchId: r.batchId ?? null,
      })),
    )
    .returning({ id: chatMessages.id });
  return rows.map((r) => r.id);
}

/** One job per queued message, after the rows are committed (a job may run at once). */
export async function wakeSenders(
  boss: PgBoss,
  messages: { accountId: number; messageId: number }[],
  startAfter?: Date,
): Promise<void> {
  if (!messages.length) return;
  await insertJobs(
    boss,
    QUEUES.chatSend,
    messages.map((m) => ({
      data: { accountId: m.accountId, messageId: m.messageId },
      ...SEND_JOB_OPTIONS,
      ...(startAfter ? { startAfter } : {}),
    })),
  );
}

/** Wakes one account's sender (at a time, for a back-off or the next slot). */
export async function wakeSender(boss: PgBoss, accountId: number, startAfter?: Date): Promise<void> {
  await sendJob(
    boss,
    QUEUES.chatSend,
    { accountId },
    {
      ...SEND_JOB_OPTIONS,
      ...(startAfter ? { startAfter } : {}),
    },
  );
}

/**
 * The one way to send (exported for welcome messages, agent replies and follow-up): queues the
 * messages and wakes their senders. Answers the message ids, whose rows carry the outcome. Not
 * inside a transaction: a job may run before an uncommitted row is visible (the minute sweep
 * would still find it, late).
 */
export async function queueChatSend(
  deps: { db: Db; boss: PgBoss | undefined },
  requests: ChatSendRequest[],
): Promise<number[]> {
  if (!deps.boss) throw new Error('the job queue is not running');
  const ids = await insertQueuedMessages(deps.db, requests);
  await wakeSenders(
    deps.boss,
    ids.map((messageId, i) => ({ accountId: (requests[i] as ChatSendRequest).accountId, messageId })),
  );
  return ids;
}
