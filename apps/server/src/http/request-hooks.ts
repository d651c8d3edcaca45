import type { FastifyInstance } from 'fastify';
import { guardRequestValues, guardRoute, type ResolveAuth } from './auth-guard';
import { refuseUnstorableInput } from './input-guard';

/**
 * Every request's own work before its handler, for all routes and the not-found handler, in two
 * hooks: each hook is a step (and a promise) per request, and there were five (docs/decisions.md,
 * "Issue 38: the list path").
 *
 * - on request: the security headers and the request id (so that answers the guard refuses carry
 *   them too), then the guard (http/auth-guard.ts);
 * - before validation, once the body is parsed: the permissions chosen by the request's values,
 *   then the input guard (http/input-guard.ts), so a caller without those permissions learns
 *   nothing of the body's rules.
 */
export function registerRequestHooks(
  app: FastifyInstance,
  resolveAuth: ResolveAuth,
  headers: Readonly<Record<string, string>>,
): void {
  app.decorateRequest('lang', 'zh-chs');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    await guardRoute(request, resolveAuth);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    guardRequestValues(request);
    refuseUnstorableInput(request);
    done();
  });
}
