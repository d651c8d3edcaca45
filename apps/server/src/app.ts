import { randomUUID } from 'node:crypto';
import { APP_VERSION, installReasonErrorMap, PRODUCT_NAME, pickLanguage } from '@agent-console/contracts';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { startBackgroundWork } from './background';
import { answerSerializerCompiler } from './http/answer-serializer';
import type { AppDeps } from './http/app-deps';
import { registerAuditHook } from './http/audit-hook';
import { endConnectionsAfterGrace } from './http/close-connections';
import { registerErrorHandling, sendError } from './http/error-handler';
import { sharedRateLimitStore } from './http/rate-limit-store';
import { registerRequestHooks } from './http/request-hooks';
import { installRouteTable } from './http/route-table';
import { securityHeaders } from './http/security-headers';
import { ShortPaths } from './http/short-paths';
import { registerWebApp } from './http/web-app';
import { registerGateway } from './integrations/messaging-gateway/gateway-of';
import { BackgroundTasks } from './lib/background-tasks';
import { MODULES } from './modules';
import { createAuthResolver } from './modules/system/auth/auth-context.service';
import { registerMetrics } from './modules/system/health/metrics.routes';
import { meteredChatLlm, meteredEmbeddings, meteredMiner } from './modules/system/health/model-metrics';

/** Body limit for JSON calls; uploads have their own limits per route. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The composition root: builds the app from its dependencies (main and the tests both call it),
 * wires the cross-cutting hooks, every module's routes and the background work. Nothing imports
 * this file but main and the test harness.
 */
export async function buildApp(supplied: AppDeps): Promise<FastifyInstance> {
  installReasonErrorMap();
  const shortPaths = new ShortPaths();
  const headers = securityHeaders();
  const app = Fastify({
    rewriteUrl: shortPaths.rewrite,
    ...(supplied.logger ? { loggerInstance: supplied.logger } : { logger: false }),
    trustProxy: supplied.trustProxy ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    // Errors the router raises before any hook runs (over-long path params, bad URLs).
    frameworkErrors: (_error, request, reply) => {
      request.lang = pickLanguage(request.headers['accept-language']);
      reply.headers(headers).header('x-request-id', request.id);
      void sendError(request, reply, 'A0400');
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
  });
  endConnectionsAfterGrace(app);
  // Calls take JSON (or multipart where a route registers it); text bodies are refused as A0427.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(supplied.checkAnswers ?? false));

  installRouteTable(app);
  // Every route is registered by the time the app is ready: the short reading learns the groups then.
  app.addHook('onReady', async () => shortPaths.learn(app));
  registerErrorHandling(app);
  // Prometheus metrics, a registry per app (GET /metrics with METRICS_TOKEN): the hooks counting
  // every answer come before any route; the modules report their work through deps.metrics.
  // Work beside the requests: the close waits for it, after everything else has stopped.
  const tasks = new BackgroundTasks((err, what) => app.log.error({ err, task: what }, 'background work failed'));
  app.decorate('backgroundTasks', tasks);
  const metrics = registerMetrics(app, supplied);
  const deps: AppDeps = {
    ...supplied,
    // Every call to a model service is counted by outcome, whoever makes it.
    ...(supplied.llm ? { llm: meteredChatLlm(supplied.llm, metrics) } : {}),
    ...(supplied.miner ? { miner: meteredMiner(supplied.miner, metrics) } : {}),
    ...(supplied.embeddings ? { embeddings: meteredEmbeddings(supplied.embeddings, metrics) } : {}),
    metrics,
    tasks,
  };
  const { db } = deps.database;
  registerRequestHooks(app, createAuthResolver(db, deps.database.changes), headers);
  registerAuditHook(app, db, tasks);

  await app.register(rateLimit, {
    global: false,
    // Counted in the database: one budget per client across every instance (docs/operations.md).
    store: sharedRateLimitStore(db, tasks),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'A0501',
      message: `retry in ${context.after}`,
    }),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  for (const feature of MODULES) for (const routes of feature.routes) await app.register(routes, deps);
  // The built-in gateway simulator (GATEWAY_DRIVER=simulator) under /gateway-sim.
  await registerGateway(app, deps);
  await startBackgroundWork(app, deps);

  await registerWebApp(app, deps.webDist);
  // Registered last, so it runs after the other closes, which may still hand it work.
  app.addHook('onClose', () => tasks.close());
  return app;
}
