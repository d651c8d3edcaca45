import { DEMO_ROUTE_SCHEMAS, DEMO_ROUTES } from '@agent-console/contracts/demo';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { serveRoutes } from '../../../http/serve-routes';
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
export async function demoRoutes(app: FastifyInstance, deps: AppDeps) {
  const route = serveRoutes(app, DEMO_ROUTES, DEMO_ROUTE_SCHEMAS, ['demo']);
  route('mode', { public: true }, () => ({ enabled: deps.demo === true }));
  if (deps.demo !== true) return;

  const limit = app.rateLimit({ max: deps.loginRateLimit, timeWindow: '1 minute', groupId: 'demo-login' });
  // Recorded in the login log, as every sign-in, instead of the operation log.
  route(
    'login',
    { public: true, audit: false },
    (r) => demoLogin(deps, { ip: r.ip, userAgent: r.headers['user-agent'] }),
    {
      onRequest: [noStore, limit],
    },
  );
}
