import {
  envelopeSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
} from '@agent-console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { bearerToken } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { recordLoginEvent } from '../monitor/login-log.service';
import { loginAndRecord, register } from './auth.service';
import { deleteSessionByToken } from './session.service';

/** Sign-in calls sit one level above /api/v3, with /api/auth/* aliases (DESIGN §4). */
const PREFIXES = ['/api', '/api/auth'];

/**
 * Sign-in and register answers carry a token or a person's data: never kept by a cache. Set on
 * request, so every answer of these routes has it, errors and refusals included.
 */
async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

export async function authRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  // One limiter (one store) per operation, shared by its aliases: /api/login and /api/auth/login
  // spend one budget per client, and so do the two register paths.
  const budget = { max: deps.loginRateLimit, timeWindow: '1 minute' };
  const loginLimit = fastify.rateLimit({ ...budget, groupId: 'login' });
  const registerLimit = fastify.rateLimit({ ...budget, groupId: 'register' });

  for (const prefix of PREFIXES) {
    const hide = prefix !== '/api';
    app.post(
      `${prefix}/login`,
      {
        // Sign-ins go to the login log instead of the operation log.
        config: { public: true, audit: false },
        onRequest: [noStore, loginLimit],
        schema: {
          tags: ['auth'],
          hide,
          summary: 'Sign in with username and password',
          body: loginRequestSchema,
          response: { 200: envelopeSchema(loginResponseSchema) },
        },
      },
      async (request) =>
        ok(
          await loginAndRecord(
            db,
            request.body,
            { ip: request.ip, userAgent: request.headers['user-agent'] },
            request.log,
          ),
        ),
    );

    app.post(
      `${prefix}/register`,
      {
        config: { public: true },
        onRequest: [noStore, registerLimit],
        schema: {
          tags: ['auth'],
          hide,
          summary: 'Register with a customer invitation code',
          body: registerRequestSchema,
          response: { 200: envelopeSchema(registerResponseSchema) },
        },
      },
      async (request) => ok(await register(db, request.body)),
    );

    app.post(
      `${prefix}/logout`,
      {
        config: { public: true, audit: false },
        schema: {
          tags: ['auth'],
          hide,
          summary: 'End the current session',
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        const token = bearerToken(request);
        const auth = request.auth;
        if (token && (await deleteSessionByToken(db, token)) && auth) {
          const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
          const who = { username: auth.username, userId: auth.userId, customerId: auth.customerId };
          await recordLoginEvent(
            db,
            { event: 'logout', status: 'success', code: '00000', ...who, ...client },
            request.log,
          );
        }
        return ok(null);
      },
    );
  }
}
