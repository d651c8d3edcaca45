import { envelopeSchema } from '@agent-console/contracts';
import { HEALTH_ROUTE_SCHEMAS, HEALTH_ROUTES } from '@agent-console/contracts/health';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { ok } from '../../../http/envelope';

/** How long one check may take before its part counts as down: a probe must answer quickly. */
export const READY_CHECK_TIMEOUT_MS = 3000;
/**
 * How long one look at the parts answers every caller. The route is public: without this, each
 * anonymous call would cost a database query and a storage probe (a request to the S3 bucket).
 */
export const READY_REUSE_MS = 1000;

const partState = z.enum(['ok', 'down']);
export const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: partState,
  storage: partState,
  jobs: partState,
});
export type Readiness = z.infer<typeof readySchema>;
type Part = 'database' | 'storage' | 'jobs';

/**
 * Readiness (docs/operations.md, "Readiness and metrics"), beside the liveness of /api/health: 200
 * when the database answers `SELECT 1`, the object storage answers its probe and the job queue is
 * started and answers; 503 with the same body, naming what is down, otherwise. A part the app runs
 * without (no job queue in some tests) is not waited for. Public, like /api/health.
 */
export async function readyRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = jobQueueState(fastify, deps.boss);
  const look = async (log: FastifyBaseLogger): Promise<Omit<Readiness, 'status'>> => {
    const { storage } = deps;
    const [database, storageState, jobsState] = await Promise.all([
      check(log, 'database', () => deps.database.sql.query('SELECT 1')),
      check(log, 'storage', async () => storage?.ready()),
      check(log, 'jobs', jobs),
    ]);
    return { database, storage: storageState, jobs: jobsState };
  };
  let last: { at: number; parts: Promise<Omit<Readiness, 'status'>> } | null = null;
  // Registered by hand at the table's path: a part down answers 503 with the same body.
  app.get(
    HEALTH_ROUTES.ready.path,
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: HEALTH_ROUTE_SCHEMAS.ready.summary,
        response: { 200: envelopeSchema(readySchema), 503: envelopeSchema(readySchema) },
      },
    },
    async (request, reply) => {
      if (!last || Date.now() - last.at > READY_REUSE_MS) last = { at: Date.now(), parts: look(request.log) };
      const parts = await last.parts;
      const down = (Object.keys(parts) as Part[]).filter((part) => parts[part] === 'down');
      if (!down.length) return ok({ status: 'ready' as const, ...parts });
      return reply.status(503).send({
        code: 'B0001',
        message: `Not ready: ${down.join(', ')} down`,
        data: { status: 'unavailable' as const, ...parts },
      });
    },
  );
}

/**
 * The job queue's check: started (no `stopped` event since the app was built — its caller starts
 * it first) and answering a read of its queue list. Nothing to check without a queue.
 */
function jobQueueState(fastify: FastifyInstance, boss: AppDeps['boss']): () => Promise<unknown> {
  if (!boss) return async () => undefined;
  let stopped = false;
  const onStopped = () => {
    stopped = true;
  };
  boss.on('stopped', onStopped);
  fastify.addHook('onClose', async () => {
    boss.off('stopped', onStopped);
  });
  return async () => {
    if (stopped) throw new Error('the job queue is stopped');
    await boss.getQueues();
  };
}

async function check(log: FastifyBaseLogger, part: Part, probe: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${READY_CHECK_TIMEOUT_MS} ms`)), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([Promise.resolve().then(probe), timeout]);
    return 'ok';
  } catch (err) {
    log.warn({ err }, `ready: ${part} is down`);
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
