import type { FastifyInstance } from 'fastify';
import { type ConsoleMetrics, UNMATCHED_ROUTE } from './metrics-registry';

/** An error envelope's code (http/error-handler.ts writes `{ code, message, data }`). */
const ERROR_CODE = /^[ABC]\d{4}$/;

/**
 * Counts every answer of the app: by method, route pattern (the route the router matched, never
 * the URL) and status, with its latency; and every error envelope by its code. Two root hooks, added
 * before any route or plugin so that every route and the not-found handler inherit them — the one
 * place errors are counted, whichever handler, guard or hook raised them.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: ConsoleMetrics): void {
  // Callback hooks: nothing here waits, and an async hook costs a promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = (!request.is404 && request.routeOptions.url) || UNMATCHED_ROUTE;
    const { method } = request;
    metrics.httpRequests.inc({ method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
  // The error handler sends its envelope as an object, so it passes here before serialisation.
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (reply.statusCode >= 400 && payload && typeof payload === 'object') {
      const code = (payload as { code?: unknown }).code;
      if (typeof code === 'string' && ERROR_CODE.test(code)) metrics.errors.inc({ code });
    }
    done(null, payload);
  });
}
