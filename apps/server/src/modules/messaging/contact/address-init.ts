import type { ContactInitProgress, ContactInitStatus } from '@agent-console/contracts';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import type { MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import { type AddressInitJob, createQueue, QUEUES, sendJob, stopWorking, workOn } from '../../../jobs/queues';
import { AppError } from '../../../lib/app-error';
import { assertOnline, type ChatAccountRow, loadScopedAccount } from '../account/account-scope';
import {
  addressInitsToRecover,
  claimAddressInit,
  lockAccountRow,
  setAddressInit,
  setAddressInitReturning,
} from '../account/address-init.repo';
import { storeAddressList } from './address-store';

const SEND_OPTIONS = { retryLimit: 2, retryDelay: 5, expireInSeconds: 20 * 60 } satisfies PgBoss.SendOptions;

/** How long the gateway may take to load an address list before the initialisation fails. */
export const INIT_TIMEOUT_MS = 10 * 60_000;
/**
 * A run that has not touched its account row for this long is taken for dead (its process was
 * killed): a new request may start over, and a restarted worker sends its job again.
 */
const STALE_RUN_MS = 5 * 60_000;
const POLL_FIRST_MS = 200;
const POLL_MAX_MS = 1000;

export interface AddressInitDeps {
  db: Db;
  /** The gateway adapter; throws when none is configured (the run then fails with that reason). */
  gateway: () => MessagingGateway;
  /** Aborted when the console closes: a run stops polling and is picked up again later. */
  signal?: AbortSignal;
}

const ACTIVE: ContactInitStatus[] = ['queued', 'running'];

export function toProgress(row: ChatAccountRow): ContactInitProgress {
  const status = row.contactsInitStatus as ContactInitStatus;
  return {
    accountId: row.id,
    status,
    processed: row.contactsProcessed,
    total: row.contactsTotal,
    error: status === 'failed' ? row.contactsInitError : null,
    startedAt: row.contactsInitStartedAt?.toISOString() ?? null,
    finishedAt:
      status === 'completed'
        ? (row.contactsInitializedAt?.toISOString() ?? null)
        : status === 'failed'
          ? row.updatedAt.toISOString()
          : null,
  };
}

/**
 * POST /address/initAddressList: queues an initialisation, or answers the one already under way
 * (idempotent while it runs). The row is locked while deciding, so two clicks start one run.
 */
export async function requestAddressInit(
  db: Db,
  boss: PgBoss | undefined,
  auth: AuthContext,
  accountId: number,
): Promise<ContactInitProgress> {
  const account = await loadScopedAccount(db, auth, accountId);
  assertOnline(account);
  if (!boss) throw new AppError('B0001', null, 'the job queue is not running');
  const { row, started } = await db.transaction(async (tx) => {
    const locked = await lockAccountRow(tx, accountId);
    if (!locked) throw AppError.notFound();
    const fresh = Date.now() - locked.updatedAt.getTime() < STALE_RUN_MS;
    if (ACTIVE.includes(locked.contactsInitStatus as ContactInitStatus) && fresh) {
      return { row: locked, started: false };
    }
    const updated = await setAddressInitReturning(tx, accountId, {
      contactsInitStatus: 'queued',
      contactsProcessed: 0,
      contactsTotal: 0,
      contactsInitError: null,
      contactsInitStartedAt: new Date(),
    });
    if (!updated) throw AppError.notFound();
    return { row: updated, started: true };
  });
  if (started) await sendRun(boss, row);
  return toProgress(row);
}

export async function addressInitProgress(db: Db, auth: AuthContext, accountId: number): Promise<ContactInitProgress> {
  return toProgress(await loadScopedAccount(db, auth, accountId));
}

async function sendRun(boss: PgBoss, row: ChatAccountRow): Promise<void> {
  const startedAt = (row.contactsInitStartedAt ?? new Date()).toISOString();
  await sendJob(boss, QUEUES.addressInit, { accountId: row.id, startedAt }, SEND_OPTIONS);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One initialisation (the job's handler): the gateway loads the phone's address list (progress
 * copied onto the account row as it goes), then contacts and labels are fetched in batches and
 * stored (see address-store.ts). Any failure is stored with its reason; nothing is thrown, so the
 * job is not retried over a gateway that said no.
 */
export async function runAddressInit(deps: AddressInitDeps, job: AddressInitJob): Promise<void> {
  const { db } = deps;
  const { accountId } = job;
  const account = await claimAddressInit(db, accountId, new Date(job.startedAt));
  // Finished, or superseded by a newer run: a stale job, nothing to do.
  if (!account) return;
  try {
    const gateway = deps.gateway();
    let progress = await gateway.startAddressInit(account.wcId);
    const deadline = Date.now() + INIT_TIMEOUT_MS;
    let wait = POLL_FIRST_MS;
    while (progress.status === 'running') {
      await setAddressInit(db, accountId, { contactsProcessed: progress.processed, contactsTotal: progress.total });
      if (Date.now() > deadline) throw new Error('the gateway did not finish loading the address list in 10 minutes');
      await sleep(wait, deps.signal);
      wait = Math.min(wait * 2, POLL_MAX_MS);
      progress = await gateway.addressInitProgress(account.wcId);
    }
    if (progress.status === 'failed') throw new Error(progress.error || 'the gateway could not load the address list');
    await setAddressInit(db, accountId, { contactsProcessed: progress.processed, contactsTotal: progress.total });
    // Each stored batch touches the row, so a long list does not look like a dead run.
    const live = await storeAddressList(db, gateway, account, () => setAddressInit(db, accountId, {}));
    await setAddressInit(db, accountId, {
      contactsInitStatus: 'completed',
      contactsProcessed: live,
      contactsTotal: live,
      contactsInitializedAt: new Date(),
      contactsInitError: null,
    });
  } catch (err) {
    // Closing the console interrupts a run: queued again, it starts over at the next start.
    if (deps.signal?.aborted) {
      await setAddressInit(db, accountId, { contactsInitStatus: 'queued' });
      return;
    }
    const reason = err instanceof Error ? err.message : String(err);
    await setAddressInit(db, accountId, { contactsInitStatus: 'failed', contactsInitError: reason.slice(0, 500) });
  }
}

/**
 * Runs a closed console left queued, and runs a killed one left running (untouched for a while),
 * are sent again. A queued run whose job still exists gets a second job; only one of them can
 * claim it (queued → running).
 */
async function recoverRuns(boss: PgBoss, db: Db): Promise<void> {
  for (const row of await addressInitsToRecover(db, STALE_RUN_MS)) {
    await setAddressInit(db, row.id, { contactsInitStatus: 'queued' });
    await sendRun(boss, row);
  }
}

/**
 * Starts the initialisation worker (background.ts). `stop` stops taking jobs, interrupts the runs'
 * waits (they are picked up again at the next start) and waits for them to end.
 */
export async function startAddressInitWorker(
  boss: PgBoss,
  deps: Omit<AddressInitDeps, 'signal'>,
): Promise<{ stop(): Promise<void> }> {
  const abort = new AbortController();
  const running = new Set<Promise<void>>();
  const runDeps: AddressInitDeps = { ...deps, signal: abort.signal };
  await createQueue(boss, QUEUES.addressInit);
  await workOn(boss, QUEUES.addressInit, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      if (abort.signal.aborted) return;
      const run = runAddressInit(runDeps, job.data);
      running.add(run);
      try {
        await run;
      } finally {
        running.delete(run);
      }
    }
  });
  await recoverRuns(boss, deps.db);
  return {
    async stop() {
      await stopWorking(boss, QUEUES.addressInit);
      abort.abort(new Error('the console is closing'));
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
