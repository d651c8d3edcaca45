import type { FastifyInstance } from 'fastify';
import type { AppDeps, BackgroundWork, StopWork } from './http/app-deps';
import { BUILT_IN_JOB_HANDLERS } from './jobs/handlers';
import { registerJobHandler } from './jobs/registry';
import { startJobScheduler } from './jobs/scheduler';
import { MODULES } from './modules';

/** Every handler a scheduled job may name; a module with a handler adds it in its manifest. */
const JOB_HANDLERS = [...BUILT_IN_JOB_HANDLERS, ...MODULES.flatMap((feature) => feature.jobHandlers ?? [])];

/** Every feature's checks of its queued sends, handed to the senders (messaging/outbox). */
const SEND_CHECKS = Object.assign({}, ...MODULES.map((feature) => feature.sendChecks ?? {}));

/**
 * Everything that runs beside the requests, started by the composition root: the job handlers,
 * the cron scheduler, and each feature's background work as its manifest declares it (workers,
 * sweeps, listeners), in MODULES order. Kept out of the route files so that registering routes
 * never starts work or changes global lists. Workers start only with a job queue (main, and tests
 * that ask for one); closing the app stops this instance's work.
 *
 * One stop protocol: each work's stop runs when the app closes, in the reverse order of the
 * starts, as a stack unwinds. A later context's work feeds an earlier one's (the agent and the
 * follow-up sweep queue the sends the senders send), so the agent stops before the senders and
 * nothing is queued while they stop; work marked `beforeServer` stops before the server stops
 * answering (a send under way still reaches a gateway the console itself serves).
 */
export async function startBackgroundWork(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const handler of JOB_HANDLERS) registerJobHandler(handler);
  const boss = deps.boss ?? null;
  if (boss) {
    const stopScheduler = await startJobScheduler(deps.database, boss, {
      ...(deps.logger ? { logger: deps.logger } : {}),
      ...(deps.storage ? { storage: deps.storage } : {}),
    });
    app.addHook('onClose', async () => {
      await stopScheduler().catch(() => undefined);
    });
  }
  const started: { work: BackgroundWork; stop: StopWork }[] = [];
  try {
    for (const feature of MODULES) {
      for (const work of feature.background ?? []) {
        const stop = await work.start({ app, deps, boss, sendChecks: SEND_CHECKS });
        if (stop) started.push({ work, stop });
      }
    }
  } finally {
    // Registered even when a later start failed, so that what did start stops with the app.
    for (const { work, stop } of started.reverse()) {
      app.addHook(work.stops === 'beforeServer' ? 'preClose' : 'onClose', async () => {
        try {
          await stop();
        } catch (err) {
          deps.logger?.warn({ err, work: work.name }, 'background work did not stop cleanly');
        }
      });
    }
  }
}
