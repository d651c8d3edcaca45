import {
  type ApiRoute,
  type ApiRoutes,
  type Envelope,
  envelopeSchema,
  type RouteSchema,
  type RouteSchemas,
} from '@agent-console/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { XlsxFile } from '../lib/xlsx-export';
import { sendXlsx } from './download';
import { ok } from './envelope';

type OutputOf<T> = T extends z.ZodType ? z.output<T> : unknown;

/** The request a handler sees: body, params and query as the route's schemas parsed them. */
export type RouteRequest<S extends RouteSchema> = FastifyRequest<{
  Body: OutputOf<S['body']>;
  Params: OutputOf<S['params']>;
  Querystring: OutputOf<S['querystring']>;
}>;

/** What a handler gives back: the envelope's `data`, as the answer schema takes it. */
type AnswerInput<S extends RouteSchema> = S['answer'] extends z.ZodType ? z.input<S['answer']> : never;

export type RouteHandler<S extends RouteSchema> = (
  request: RouteRequest<S>,
  reply: FastifyReply,
) => AnswerInput<S> | Promise<AnswerInput<S>>;

/** Who may call the route (the guard's vocabulary: request-context.ts, audit-hook.ts). */
export type RouteAccess = FastifyContextConfig;

/**
 * Hooks some routes add before their handler (an upload's size check, a stricter rate limit), and
 * `alsoAt`: other paths the same route answers at, hidden from the API document (aliases).
 */
export type RouteHooks = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'bodyLimit'> & {
  alsoAt?: readonly string[];
};

/**
 * Registers a feature's JSON routes from its contract's two tables: the path from `routes`, the
 * checks and documentation from `schemas`, so a route file says only who may call each route and
 * what it does. The handler's result is wrapped in the envelope; routes that answer with a file or
 * a stream are registered by hand at `routes.<key>.path`.
 *
 *   const route = serveRoutes(app, POST_ROUTES, POST_ROUTE_SCHEMAS, ['system/post']);
 *   route('page', { permission: P.list }, (r) => pagePosts(db, requireAuth(r), r.body, r.lang));
 */
export function serveRoutes<S extends RouteSchemas>(
  app: FastifyInstance,
  routes: ApiRoutes<S>,
  schemas: S,
  tags: string[],
) {
  return <K extends keyof S & string>(
    key: K,
    access: RouteAccess,
    handler: RouteHandler<S[K]>,
    { alsoAt = [], ...hooks }: RouteHooks = {},
  ): void => {
    const { method, path } = routes[key];
    const { summary, params, querystring, body, answer } = schemas[key] as RouteSchema;
    if (!answer) throw new Error(`${method} ${path} answers with a file or a stream: register it by hand`);
    for (const url of [path, ...alsoAt]) {
      app.route({
        method,
        url,
        config: access,
        ...hooks,
        schema: {
          tags,
          summary,
          ...(url === path ? {} : { hide: true }),
          ...(params ? { params } : {}),
          ...(querystring ? { querystring } : {}),
          ...(body ? { body } : {}),
          response: { 200: envelopeSchema(answer) },
        },
        handler: async (request, reply): Promise<Envelope<unknown>> =>
          ok(await handler(request as RouteRequest<S[K]>, reply)),
      });
    }
  };
}

/**
 * Registers an export route of a contract's tables: it answers with a workbook, not an envelope,
 * so serveRoutes refuses it. `file` names the workbook and gives its rows; sendXlsx streams it.
 *
 *   serveExport(app, USER_ROUTES.export, S.export, tags, { permission: P.export }, (r) => userFile(r));
 */
export function serveExport<S extends RouteSchema, T>(
  app: FastifyInstance,
  route: ApiRoute<S>,
  schema: S,
  tags: string[],
  access: RouteAccess,
  file: (request: RouteRequest<S>) => XlsxFile<T> | Promise<XlsxFile<T>>,
  summary = schema.summary,
): void {
  app.route({
    method: route.method,
    url: route.path,
    config: access,
    schema: { tags, summary, ...(schema.body ? { body: schema.body } : {}) },
    handler: (request, reply) => sendXlsx(request, reply, () => file(request as RouteRequest<S>)),
  });
}
