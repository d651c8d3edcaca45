import type PgBoss from 'pg-boss';
import { createQueue, type MessageJob, QUEUES, stopWorking, workOn } from '../../../jobs/queues';
import { handleFriendRequest } from './friend-request';
import { handleIncomingMessage } from './incoming-message';
import type { RuntimeDeps } from './runtime-deps';

/** Answers being written at once on one console instance (each may wait on the LLM). */
export const REPLY_WORKERS = 4;

/**
 * Starts the agent's work on messaging accounts (background.ts): the auto-replies and lead
 * capture, and friend requests. A job that throws (the database, an unreachable gateway) is
 * retried by pg-boss; every job is idempotent, so a retry sends nothing twice.
 */
export async function startAgentRuntime(deps: RuntimeDeps): Promise<{ stop(): Promise<void> }> {
  const { boss } = deps;
  const running = new Set<Promise<unknown>>();
  let stopping = false;
  const track = async <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    try {
      return await work;
    } finally {
      running.delete(work);
    }
  };
  await createQueue(boss, QUEUES.agentReply);
  await createQueue(boss, QUEUES.friendRequest);
  const replies = async (jobs: PgBoss.Job<MessageJob>[]) => {
    for (const job of jobs) {
      if (stopping) return;
      const outcome = await track(handleIncomingMessage(deps, job.data.messageId));
      deps.logger?.debug({ messageId: job.data.messageId, reply: outcome.reply.kind }, 'agent reply job done');
    }
  };
  for (let i = 0; i < REPLY_WORKERS; i++) {
    await workOn(boss, QUEUES.agentReply, { pollingIntervalSeconds: 0.5, batchSize: 1 }, replies);
  }
  await workOn(boss, QUEUES.friendRequest, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      if (stopping) return;
      const outcome = await track(handleFriendRequest(deps, job.data.messageId));
      deps.logger?.debug({ messageId: job.data.messageId, outcome: outcome.kind }, 'friend request job done');
    }
  });
  return {
    async stop() {
      stopping = true;
      await stopWorking(boss, QUEUES.agentReply);
      await stopWorking(boss, QUEUES.friendRequest);
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
