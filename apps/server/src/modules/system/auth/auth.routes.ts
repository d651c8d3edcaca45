import { AUTH_ROUTES, AUTH_ROUTE_SCHEMAS as S } from '@agent-console/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { bearerToken } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
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

  /** The same call at its /api/auth/* alias (hidden from the API doc), sharing its limiter. */
  const alias = (key: keyof typeof S) => [`${ALIAS_PREFIX}${AUTH_ROUTES[key].path.slice('/api/'.length)}`];

  // Sign-ins go to the login log instead of the operation log.
  route(
    'login',
    { public: true, audit: false },
    (r) => loginAndRecord(db, r.body, { ip: r.ip, userAgent: r.headers['user-agent'] }, r.log),
    { onRequest: [noStore, loginLimit], alsoAt: alias('login') },
  );
  route('register', { public: true }, (r) => register(db, r.body), {
    onRequest: [noStore, registerLimit],
    alsoAt: alias('register'),
  });
  route(
    'logout',
    { public: true, audit: false },
    async (r) => {
      const token = bearerToken(r);
      const auth = r.auth;
      if (token && (await deleteSessionByToken(db, token)) && auth) {
        const client = { ip: r.ip, userAgent: r.headers['user-agent'] };
        const who = { username: auth.username, userId: auth.userId, customerId: auth.customerId };
        await recordLoginEvent(db, { event: 'logout', status: 'success', code: '00000', ...who, ...client }, r.log);
      }
      return null;
    },
    { alsoAt: alias('logout') },
  );
}
