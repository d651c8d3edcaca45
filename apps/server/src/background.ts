import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './http/app-deps';
import { createLocalMiner } from './integrations/llm';
import { gatewayOf } from './integrations/messaging-gateway/gateway-of';
import { BUILT_IN_JOB_HANDLERS } from './jobs/handlers';
import { registerJobHandler } from './jobs/registry';
import { startJobScheduler } from './jobs/scheduler';
import { listenUrlOf } from './lib/listen-url';
import { MODULES } from './modules';
import { startAgentRuntime } from './modules/automation/auto-reply/runtime-work';
import { followupSendCheck } from './modules/automation/followup-runtime/followup-send-check';
import { startFollowupWork } from './modules/automation/followup-runtime/followup-work';
import { appRuntimeOf } from './modules/channels/openai-app/runtime/runtime-of';
import { backfillFragmentVectors } from './modules/knowledge/documents/fragment-vectors';
import { startDocumentWorker } from './modules/knowledge/documents/knowledge-jobs';
import { closeParsePool } from './modules/knowledge/documents/parse-pool';
import { startImportWorker } from './modules/knowledge/qa/qa-jobs';
import { startEmbedder } from './modules/knowledge/vectors/embedder';
import { startStatusSupervisor } from './modules/messaging/account/status-supervisor';
import { startChatWork } from './modules/messaging/outbox/chat-work';
import { mailDepsOf } from './modules/notify/mail/mail-settings';

/** Every handler a scheduled job may name; a module with a handler adds it here. */
const JOB_HANDLERS = [...BUILT_IN_JOB_HANDLERS, ...MODULES.flatMap((feature) => feature.jobHandlers ?? [])];

/**
 * Everything that runs beside the requests, started by the composition root: the job handlers,
 * the cron scheduler, the document and import workers, the parse threads they share, and the
 * listeners of running apps. Kept out of the route files so that registering routes never starts
 * work or changes global lists.
 * Workers start only with a job queue (main, and tests that ask for one); closing the app stops
 * this instance's workers and parse threads.
 */
export async function startBackgroundWork(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const handler of JOB_HANDLERS) registerJobHandler(handler);
  app.addHook('onClose', closeParsePool);
  // Apps that were running run again (WAVE2 §15.3), only once the console holds its own port:
  // an app can then never take it first, and an app that fails to start never stops the console
  // from starting (onListen errors are logged, not thrown). Every listener closes with the console.
  const apps = appRuntimeOf(deps);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') apps.ports.reserve(address.port);
    await apps.resume();
  });
  app.addHook('onClose', () => apps.close());
  // Vectors of the knowledge for retrieval by meaning (issue 33), written beside the requests.
  if (deps.embeddings) {
    const embedder = startEmbedder({
      db: deps.database.db,
      locks: deps.database.locks,
      embeddings: deps.embeddings,
      ...(deps.embeddingBatchSize ? { batchSize: deps.embeddingBatchSize } : {}),
      logger: deps.logger,
    });
    app.addHook('onClose', () => embedder.stop());
  }
  const { boss, storage } = deps;
  if (!boss) return;
  const { db } = deps.database;
  const stopScheduler = await startJobScheduler(deps.database, boss, {
    ...(deps.logger ? { logger: deps.logger } : {}),
    ...(storage ? { storage } : {}),
  });
  app.addHook('onClose', async () => {
    await stopScheduler().catch(() => undefined);
  });
  // The login supervisor (issue 15): a heartbeat of every online messaging account.
  if (deps.gateway) {
    const stopSupervisor = await startStatusSupervisor(boss, {
      db,
      gateway: gatewayOf(deps),
      mail: mailDepsOf(deps),
      logger: deps.logger,
    });
    app.addHook('onClose', async () => {
      await stopSupervisor().catch(() => undefined);
    });
  }
  if (storage) {
    await startDocumentWorker(boss, { db, storage, miner: deps.miner ?? createLocalMiner(), metrics: deps.metrics });
    await startImportWorker(boss, { db, storage });
  }
  // Fragments stored before they had search vectors get them, in the background.
  deps.tasks?.run('search vectors of older fragments', () =>
    backfillFragmentVectors(db).catch((err: unknown) =>
      deps.logger?.warn({ err }, 'search vectors of older fragments could not be written; retried at the next start'),
    ),
  );
  // The agent at work on messaging accounts (issue 16): auto-replies, lead capture, friend
  // requests. Stopped first on close, so no reply is queued while the senders stop.
  const agent = await startAgentRuntime({
    db,
    boss,
    llm: deps.llm ?? null,
    embeddings: deps.embeddings ?? null,
    ...(deps.clock ? { clock: deps.clock } : {}),
    gateway: () => gatewayOf(deps),
    mail: mailDepsOf(deps),
    ...(deps.logger ? { logger: deps.logger } : {}),
    metrics: deps.metrics,
  });
  app.addHook('preClose', () => agent.stop());
  // Contact initialisation and paced sends. Stopped before the server stops answering, so a send
  // under way still reaches a gateway the console itself serves (the simulator).
  // A queued follow-up is checked again when its turn comes (the contact may have replied).
  const chat = await startChatWork(deps, boss, () => listenUrlOf(app.server.address()), {
    followup: followupSendCheck,
  });
  app.addHook('preClose', () => chat.stop());
  // Follow-up (issue 18): the minute sweep of every enabled robot. What it queues while the
  // senders stop waits in the log for the next start.
  const followup = await startFollowupWork(boss, {
    db,
    boss,
    pacing: deps.pacing,
    clock: deps.clock,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  app.addHook('preClose', () => followup.stop());
}
