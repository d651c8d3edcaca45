import { APP_VERSION, envelopeSchema, healthSchema } from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { ok } from '../../../http/envelope';
import { readyRoutes } from './ready.routes';

export async function healthRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer',
        response: { 200: envelopeSchema(healthSchema) },
      },
    },
    async (request) => {
      let database: 'up' | 'down' = 'up';
      try {
        await deps.database.sql.query('SELECT 1');
      } catch (err) {
        request.log.warn({ err }, 'health: database did not answer');
        database = 'down';
      }
      return ok({
        status: database === 'up' ? ('ok' as const) : ('degraded' as const),
        database,
        driver: deps.database.driver,
        version: APP_VERSION,
      });
    },
  );
  // Readiness (/api/ready) beside this liveness check.
  await readyRoutes(fastify, deps);
}
