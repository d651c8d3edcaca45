import type PgBoss from 'pg-boss';
import { sha256 } from '../lib/random';
import { type MessageJob, QUEUES, type Queue, sendJob } from './queues';

/**
 * The agent's work on connected messaging accounts (issue 16), as pg-boss jobs that the gateway
 * callback queues once an event is in the message log:
 * - `agent-reply`: an incoming text of a contact — the auto-reply, then lead capture;
 * - `agent-friend-request`: a friend request — auto-accept and the welcome messages.
 * Each job names the message-log row it is about, and its job id is made from that row, so one
 * message makes one job however often the gateway delivers it (pg-boss inserts a job whose id
 * exists as nothing). The jobs themselves are idempotent too (a re-run sends nothing twice).
 */
/** A failing job (the database, an unreachable gateway) is tried again, a little later each time. */
export const RUNTIME_JOB_OPTIONS = {
  retryLimit: 4,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
} as const;

/** A UUID made from a text, so the same message always names the same job. */
export function jobIdOf(queue: string, messageId: number): string {
  const hex = sha256(`${queue}:${messageId}`);
  // Shaped as a version-5-style UUID (the job id column is a uuid).
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function queueFor(boss: PgBoss, queue: Queue<MessageJob>, messageId: number): Promise<void> {
  await sendJob(boss, queue, { messageId }, { ...RUNTIME_JOB_OPTIONS, id: jobIdOf(queue.name, messageId) });
}

/** An incoming text was stored (or redelivered: the job may have been lost with a failed callback). */
export const queueAgentReply = (boss: PgBoss, messageId: number) => queueFor(boss, QUEUES.agentReply, messageId);

/** A friend request was stored (or redelivered). */
export const queueFriendRequest = (boss: PgBoss, messageId: number) => queueFor(boss, QUEUES.friendRequest, messageId);
