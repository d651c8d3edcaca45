import { envelopeSchema, type RouteSchema } from '@agent-console/contracts';
import { AUTH_ROUTES, AUTH_ROUTE_SCHEMAS as S } from '@agent-console/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { bearerToken } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import {
  type RouteAccess,
  type RouteHandler,
  type RouteHooks,
  type RouteRequest,
  serveRoutes,
} from '../../../http/serve-routes';
import { recordLoginEvent } from '../monitor/login-log.service';
import { loginAndRecord, register } from './auth.service';
import { deleteSessionByToken } from './session.service';

/** Sign-in calls sit one level above /api/v3, with /api/auth/* aliases (DESIGN §4). */
const ALIAS_PREFIX = '/api/auth/';
const tags = ['auth'];

/**
 * Sign-in and register answers carry a token or a person's data: never kept by a cache. Set on
 * request, so every answer of these routes has it, errors and refusals included.
 */
async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  // One limiter (one store) per operation, shared by its aliases: /api/login and /api/auth/login
  // spend one budget per client, and so do the two register paths.
  const budget = { max: deps.loginRateLimit, timeWindow: '1 minute' };
  const loginLimit = app.rateLimit({ ...budget, groupId: 'login' });
  const registerLimit = app.rateLimit({ ...budget, groupId: 'register' });
  const route = serveRoutes(app, AUTH_ROUTES, S, tags);

  /** A call at its path and, hidden from the API doc, at its /api/auth/* alias: one handler, one config. */
  function serve<K extends keyof typeof S>(
    key: K,
    access: RouteAccess,
    handler: RouteHandler<(typeof S)[K]>,
    hooks: RouteHooks = {},
  ) {
    route(key, access, handler, hooks);
    const { method, path } = AUTH_ROUTES[key];
    const { summary, body, answer } = S[key] as RouteSchema & Required<Pick<RouteSchema, 'answer'>>;
    app.route({
      method,
      url: `${ALIAS_PREFIX}${path.slice('/api/'.length)}`,
      config: access,
      ...hooks,
      schema: { tags, hide: true, summary, ...(body ? { body } : {}), response: { 200: envelopeSchema(answer) } },
      handler: async (request, reply) => ok(await handler(request as RouteRequest<(typeof S)[K]>, reply)),
    });
  }

  // Sign-ins go to the login log instead of the operation log.
  serve(
    'login',
    { public: true, audit: false },
    (r) => loginAndRecord(db, r.body, { ip: r.ip, userAgent: r.headers['user-agent'] }, r.log),
    { onRequest: [noStore, loginLimit] },
  );
  serve('register', { public: true }, (r) => register(db, r.body), { onRequest: [noStore, registerLimit] });
  serve('logout', { public: true, audit: false }, async (r) => {
    const token = bearerToken(r);
    const auth = r.auth;
    if (token && (await deleteSessionByToken(db, token)) && auth) {
      const client = { ip: r.ip, userAgent: r.headers['user-agent'] };
      const who = { username: auth.username, userId: auth.userId, customerId: auth.customerId };
      await recordLoginEvent(db, { event: 'logout', status: 'success', code: '00000', ...who, ...client }, r.log);
    }
    return null;
  });
}
