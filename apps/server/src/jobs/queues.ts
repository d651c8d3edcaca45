import type PgBoss from 'pg-boss';

/**
 * Every pg-boss queue of the server, with the payload its jobs carry and, for the schedules pg-boss
 * fires itself, their cron: one catalogue (issue 35), so a queue's name and payload are written
 * once and a reader finds all background work here. Features create, feed and work their queues
 * only through the typed calls below; the layering test refuses a direct `boss.send` / `work` /
 * `schedule` / `createQueue` / `insert` anywhere else. The console's own scheduled jobs (the job
 * screen, `sys_job`) run through `systemJobRun`.
 */
export interface Queue<Payload extends object> {
  readonly name: string;
  /** What a job of the queue is, for a reader and for the operations page. */
  readonly about: string;
  /** For a schedule pg-boss fires itself (on one instance however many share the database). */
  readonly cron?: string;
  /** The payload's type, carried for the compiler only. */
  readonly payload?: Payload;
}

const queue = <Payload extends object>(name: string, about: string, cron?: string): Queue<Payload> =>
  cron ? { name, about, cron } : { name, about };

/** A job of a messaging event: the message-log row it is about (agent replies, friend requests). */
export interface MessageJob {
  messageId: number;
}

/** A job only wakes the account's sender; the sender always takes the account's next message. */
export interface ChatSendJob {
  accountId: number;
  messageId?: number;
}

/** The job of one contact-list run names its start, so a superseded run's job finds nothing to claim. */
export interface AddressInitJob {
  accountId: number;
  startedAt: string;
}

/** How a run of a console job was started. */
export type JobTrigger = 'cron' | 'misfire' | 'manual';

/** One run of a console job (the job screen's `sys_job` rows). */
export interface JobRunRequest {
  jobId: number;
  trigger: JobTrigger;
}

/** Once a minute. */
const EVERY_MINUTE = '* * * * *';

export const QUEUES = {
  documentProcess: queue<{ fileId: number; attempt: number }>(
    'knowledge-process',
    'a knowledge document read, split into fragments and mined for QA',
  ),
  qaImport: queue<{ importId: number }>('qa-import', 'a QA sheet imported, a batch at a time'),
  agentReply: queue<MessageJob>('agent-reply', "a contact's text answered by the agent, then lead capture"),
  friendRequest: queue<MessageJob>('agent-friend-request', 'a friend request accepted and welcomed'),
  addressInit: queue<AddressInitJob>('chat-address-init', "a messaging account's contact list read in"),
  chatSend: queue<ChatSendJob>('chat-send', "a messaging account's sender woken for its next message"),
  chatSendSweep: queue<Record<string, never>>(
    'chat-send-sweep',
    'senders woken for messages whose job was lost (a crash between commit and send)',
    EVERY_MINUTE,
  ),
  gatewayStatus: queue<Record<string, never>>(
    'gateway-status-sync',
    "every messaging account's login checked with the gateway (a drop is shown and mailed)",
    EVERY_MINUTE,
  ),
  followupSweep: queue<Record<string, never>>(
    'followup-sweep',
    "every enabled follow-up robot's due contacts planned and sent",
    EVERY_MINUTE,
  ),
  systemJobRun: queue<JobRunRequest>('system-job-run', 'one run of a job of the job screen'),
} as const;

/** Creates a queue (once, whichever instance starts first: jobs/boss.ts orders the creations). */
export async function createQueue<P extends object>(
  boss: PgBoss,
  q: Queue<P>,
  options: Omit<PgBoss.Queue, 'name'> = {},
): Promise<void> {
  if (Object.keys(options).length) await boss.createQueue(q.name, { ...options, name: q.name });
  else await boss.createQueue(q.name);
}

/**
 * This process's workers of each queue, per pg-boss instance. A job sent here wakes them at once
 * instead of at their next poll (up to a second later: a queued import or document started on
 * average a quarter of a second after its upload, issue 38). Another instance's workers still find
 * it by polling; a job due later (`startAfter`) wakes no one.
 */
const localWorkers = new WeakMap<PgBoss, Map<string, Set<string>>>();

function wakeLocalWorkers(boss: PgBoss, name: string): void {
  for (const id of localWorkers.get(boss)?.get(name) ?? []) boss.notifyWorker(id);
}

export async function sendJob<P extends object>(
  boss: PgBoss,
  q: Queue<P>,
  data: P,
  options: PgBoss.SendOptions = {},
): Promise<void> {
  const id = await boss.send(q.name, data, options);
  if (id !== null && options.startAfter === undefined) wakeLocalWorkers(boss, q.name);
}

/** Several jobs of one queue in one statement. */
export async function insertJobs<P extends object>(
  boss: PgBoss,
  q: Queue<P>,
  jobs: Array<{ data: P } & Omit<PgBoss.JobInsert<P>, 'name' | 'data'>>,
): Promise<void> {
  await boss.insert(jobs.map((job) => ({ ...job, name: q.name })));
  if (jobs.some((job) => job.startAfter === undefined)) wakeLocalWorkers(boss, q.name);
}

export async function workOn<P extends object>(
  boss: PgBoss,
  q: Queue<P>,
  options: PgBoss.WorkOptions,
  handler: (jobs: PgBoss.Job<P>[]) => Promise<void>,
): Promise<void> {
  const id = await boss.work<P>(q.name, options, handler);
  const byQueue = localWorkers.get(boss) ?? new Map<string, Set<string>>();
  localWorkers.set(boss, byQueue);
  byQueue.set(q.name, (byQueue.get(q.name) ?? new Set()).add(id));
}

/** Fires a scheduled queue on its catalogued cron. */
export async function scheduleQueue<P extends object>(
  boss: PgBoss,
  q: Queue<P>,
  options: PgBoss.ScheduleOptions = {},
): Promise<void> {
  if (!q.cron) throw new Error(`queue ${q.name} has no schedule`);
  await boss.schedule(q.name, q.cron, {}, options);
}

/** Stops this instance's workers of a queue; a queue never worked here is no error. */
export async function stopWorking<P extends object>(boss: PgBoss, q: Queue<P>): Promise<void> {
  localWorkers.get(boss)?.delete(q.name);
  await boss.offWork(q.name).catch(() => undefined);
}
