import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { sendError } from '../../../http/error-handler';
import { type ConsoleMetrics, createConsoleMetrics } from './metrics-registry';
import { registerRequestMetrics } from './request-metrics';

export const METRICS_PATH = '/metrics';

/**
 * The composition root's one call: this app's metrics (a registry of its own), the hooks that
 * count every answer — added before any route, so that every route inherits them — and
 * `GET /metrics`. Returns the metrics for `deps.metrics`.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'boss' | 'metricsToken' | 'llm' | 'miner' | 'embeddings'>,
): ConsoleMetrics {
  const { llm, miner, embeddings } = deps;
  const metrics = createConsoleMetrics({
    boss: deps.boss,
    processMetrics: !!deps.metricsToken,
    breakers: { chat: llm?.breaker, miner: miner?.breaker, embedding: embeddings?.breaker },
  });
  registerRequestMetrics(app, metrics);
  metricsRoutes(app, metrics, deps.metricsToken);
  return metrics;
}

/**
 * `GET /metrics` in the Prometheus text format, for `Authorization: Bearer <METRICS_TOKEN>` only.
 * Without the setting it answers 404 like a path that does not exist; any other caller gets a bare
 * 401. Outside /api and public to the session guard: the token is its own guard.
 */
export function metricsRoutes(app: FastifyInstance, metrics: ConsoleMetrics, token: string | undefined): void {
  const expected = token ? digest(token) : undefined;
  app.get(METRICS_PATH, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!expected) return sendError(request, reply, 'A0404');
    const given = presentedToken(request);
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send();
    }
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
}

/** The bearer token of the request, as sent. */
function presentedToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Equal-length digests, so that the comparison takes the same time whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
