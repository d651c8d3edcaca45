import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import { chatMessages } from '../../../db/schema';
import type { WorkMetrics } from '../../../http/app-deps';
import { GatewayError, type MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import { type ChatSendJob, createQueue, QUEUES, scheduleQueue, stopWorking, workOn } from '../../../jobs/queues';
import { storedObjectExists } from '../../system/oss/oss.repo';
import { claimNext, failOrphanedClaims, recordOutcome, releaseClaim, type SendOutcome } from './pacing-governor';
import type { PacingPolicy } from './pacing-policy';
import type { SendChecks } from './send-check';
import { OBJECT_REF, wakeSender } from './send-queue';
import type { FlaggedConversation } from './undelivered-flag';

export interface SendWorkerDeps {
  db: Db;
  boss: PgBoss;
  policy: PacingPolicy;
  /** The gateway adapter; throws when none is configured (the send then fails with that reason). */
  gateway: () => MessagingGateway;
  /** An absolute URL the gateway can fetch a stored object from, valid for a few minutes. */
  fileUrl: (objectId: number) => string;
  logger?: FastifyBaseLogger;
  /** What may hold a queued message back when its turn comes, by source (send-check.ts). */
  checks?: SendChecks;
  /** The app's metrics (each send's result); absent outside an app. */
  metrics?: WorkMetrics | undefined;
  /**
   * Told, after the commit, of conversations newly flagged "needs a person" because a reply could
   * not be delivered (background.ts mails the customer's staff); never throws.
   */
  onUndelivered?: ((flagged: FlaggedConversation[]) => Promise<void>) | undefined;
  /**
   * No other process can use the database (the embedded one): a claim found at start belongs to
   * a process that died mid-send and is failed before any sender runs, not STALE_CLAIM_MS later.
   */
  soleOwner?: boolean;
}

/** Senders working at once on one console instance: each holds one account at a time. */
export const SEND_WORKERS = 3;
/**
 * How long one job keeps sending for its account before it hands over to a new job, so that other
 * accounts' jobs get a worker too.
 */
export const TURN_BUDGET_MS = 60_000;
/** How soon a sender tries again when the gateway's address was not known yet. */
const NOT_READY_RETRY_MS = 1000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** How a delivery went: a send's outcome, or `notReady` — nothing was tried (the gateway's address is not known yet). */
type Delivery = SendOutcome | { kind: 'notReady' };

/** Sends one message through the adapter and says how it went; never a false success. */
async function deliver(
  deps: SendWorkerDeps,
  wcId: string,
  message: typeof chatMessages.$inferSelect,
): Promise<Delivery> {
  let outcome: Delivery;
  try {
    const gateway = deps.gateway();
    if (message.type === 'text') {
      const receipt = await gateway.sendText(wcId, message.peerWcId, message.content);
      outcome = { kind: 'sent', msgId: receipt.msgId };
    } else {
      const objectId = Number(OBJECT_REF.exec(message.content)?.[1] ?? 0);
      if (!objectId || !(await storedObjectExists(deps.db, objectId))) {
        return { kind: 'failed', reason: 'the file is no longer stored' } satisfies SendOutcome;
      }
      const receipt = await gateway.sendFile(wcId, message.peerWcId, {
        url: deps.fileUrl(objectId),
        fileName: message.fileName ?? 'file',
      });
      outcome = { kind: 'sent', msgId: receipt.msgId };
    }
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'the gateway refused the send';
    if (err instanceof GatewayError && err.code === 'tooFrequent') outcome = { kind: 'tooFrequent', reason };
    else if (err instanceof GatewayError && err.code === 'offline') outcome = { kind: 'offline', reason };
    else if (err instanceof GatewayError && err.code === 'notReady') outcome = { kind: 'notReady' };
    else outcome = { kind: 'failed', reason };
  }
  return outcome;
}

/**
 * One turn of an account's sender (a `chat-send` job): claim the next message, wait for its slot,
 * send, record, and go on while the account has messages and the turn's budget lasts. A job that
 * finds another sender holding the account ends at once: that sender takes the queued messages.
 */
async function runTurn(deps: SendWorkerDeps, accountId: number, signal: AbortSignal): Promise<void> {
  const started = Date.now();
  const tell = async (flagged: FlaggedConversation[]) => {
    if (flagged.length) await deps.onUndelivered?.(flagged).catch(() => undefined);
  };
  while (!signal.aborted) {
    const claim = await claimNext(deps.db, deps.policy, accountId, new Date(), Math.random, deps.checks);
    if (claim.kind === 'idle' || claim.kind === 'busy' || claim.kind === 'held') return;
    await tell(claim.flagged);
    if (claim.kind === 'refused') continue;
    if (claim.kind === 'later') {
      await wakeSender(deps.boss, accountId, claim.at);
      return;
    }
    try {
      await sleep(claim.at.getTime() - Date.now(), signal);
    } catch {
      await releaseClaim(deps.db, claim.message.id);
      return;
    }
    const outcome = await deliver(deps, claim.wcId, claim.message);
    if (outcome.kind === 'notReady') {
      // Just started, before the console listens: nothing was sent, so the message waits its turn again.
      await releaseClaim(deps.db, claim.message.id);
      await wakeSender(deps.boss, accountId, new Date(Date.now() + NOT_READY_RETRY_MS));
      return;
    }
    deps.metrics?.gatewaySend(outcome.kind === 'sent' ? 'ok' : 'failed');
    const { backoffUntil, flagged } = await recordOutcome(deps.db, deps.policy, accountId, claim.message.id, outcome);
    await tell(flagged);
    if (outcome.kind === 'tooFrequent') {
      deps.logger?.warn({ accountId, backoffUntil }, 'gateway said too frequent; account backs off');
    }
    if (Date.now() - started > TURN_BUDGET_MS) {
      await wakeSender(deps.boss, accountId);
      return;
    }
  }
}

/**
 * Finds accounts whose queued messages no sender holds (a job lost with a killed process, a claim
 * gone stale) and wakes them. Runs every minute for messages older than 30 s (recent ones have
 * their jobs), and when the worker starts for every pending message (`recentToo`): the jobs a
 * killed process had taken stay taken until they expire, minutes later, so a message queued just
 * before a crash would otherwise wait for the next minute's sweep. A sender woken twice finds the
 * account busy or its queue empty: nothing is sent twice.
 */
export async function sweepSenders(
  deps: Pick<SendWorkerDeps, 'db' | 'boss'>,
  options: { recentToo?: boolean } = {},
): Promise<number> {
  const rows = await deps.db
    .selectDistinct({ accountId: chatMessages.accountId })
    .from(chatMessages)
    .where(
      and(
        // Spelled as the pending index's predicate, so the sweep reads that index only.
        sql`${chatMessages.status} in ('queued', 'sending')`,
        eq(chatMessages.direction, 'out'),
        // Recent rows have their own jobs; only older ones can have lost theirs.
        options.recentToo ? undefined : sql`${chatMessages.createdAt} < now() - interval '30 seconds'`,
      ),
    );
  for (const r of rows) await wakeSender(deps.boss, r.accountId);
  return rows.length;
}

export interface SendWorker {
  /** Stops taking jobs, interrupts waits (their claims are given back) and waits for sends under way. */
  stop(): Promise<void>;
}

/** Starts the senders and the minute sweep (background.ts). */
export async function startSendWorker(deps: SendWorkerDeps): Promise<SendWorker> {
  const { boss } = deps;
  const abort = new AbortController();
  const running = new Set<Promise<void>>();
  await createQueue(boss, QUEUES.chatSend);
  await createQueue(boss, QUEUES.chatSendSweep);
  if (deps.soleOwner) {
    // Before the first sender starts: a claim made by this process must never be taken for dead.
    const flagged = await failOrphanedClaims(deps.db);
    if (flagged.length) await deps.onUndelivered?.(flagged).catch(() => undefined);
  }
  const handle = async (jobs: PgBoss.Job<ChatSendJob>[]) => {
    for (const job of jobs) {
      if (abort.signal.aborted) return;
      const turn = runTurn(deps, job.data.accountId, abort.signal);
      running.add(turn);
      try {
        await turn;
      } finally {
        running.delete(turn);
      }
    }
  };
  for (let i = 0; i < SEND_WORKERS; i++) {
    await workOn(boss, QUEUES.chatSend, { pollingIntervalSeconds: 1, batchSize: 1 }, handle);
  }
  await workOn(boss, QUEUES.chatSendSweep, { pollingIntervalSeconds: 5 }, async () => {
    await sweepSenders(deps);
  });
  await scheduleQueue(boss, QUEUES.chatSendSweep);
  await sweepSenders(deps, { recentToo: true });
  return {
    async stop() {
      await stopWorking(boss, QUEUES.chatSend);
      await stopWorking(boss, QUEUES.chatSendSweep);
      abort.abort(new Error('the console is closing'));
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
