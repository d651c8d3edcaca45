import {
  envelopeSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { bearerToken } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { loginAndRecord, recordLoginEvent } from '../monitor/login-log.service';
import { register } from './auth.service';
import { deleteSessionByToken } from './session.service';

/** Sign-in calls sit one level above /api/v3, with /api/auth/* aliases (DESIGN §4). */
const PREFIXES = ['/api', '/api/auth'];

export async function authRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const rateLimit = { max: deps.loginRateLimit, timeWindow: '1 minute' };

  for (const prefix of PREFIXES) {
    const hide = prefix !== '/api';
    app.post(
      `${prefix}/login`,
      {
        // Sign-ins go to the login log instead of the operation log.
        config: { public: true, rateLimit, audit: false },
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
        config: { public: true, rateLimit },
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
