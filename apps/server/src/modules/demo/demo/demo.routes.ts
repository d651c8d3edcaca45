import { demoModeSchema, envelopeSchema, loginResponseSchema } from '@agent-console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { ok } from '../../../http/envelope';
import { demoLogin } from './demo.service';

/** A session token is in the answer: never kept by a cache (as the sign-in's own answers). */
async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/**
 * The specification's demo login (SPEC §7: "A mock login and demo endpoints exist only for
 * demos"). Whether the console is in demo mode is public, so the sign-in page knows whether to
 * offer "Try the demo" (asked of every console, so that no page load meets a 404); the demo
 * login itself is registered only in demo mode: elsewhere it does not exist.
 */
export async function demoRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/demo',
    {
      config: { public: true },
      schema: {
        tags: ['demo'],
        summary: 'Whether this console runs in demo mode',
        response: { 200: envelopeSchema(demoModeSchema) },
      },
    },
    async () => ok({ enabled: deps.demo === true }),
  );
  if (deps.demo !== true) return;

  const limit = fastify.rateLimit({ max: deps.loginRateLimit, timeWindow: '1 minute', groupId: 'demo-login' });
  app.post(
    '/api/demo/login',
    {
      // Recorded in the login log, as every sign-in, instead of the operation log.
      config: { public: true, audit: false },
      onRequest: [noStore, limit],
      schema: {
        tags: ['demo'],
        summary: 'Sign in as the read-only demo user (demo mode only)',
        response: { 200: envelopeSchema(loginResponseSchema) },
      },
    },
    async (request) => ok(await demoLogin(deps, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  );
}
