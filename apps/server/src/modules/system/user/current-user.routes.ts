import { currentUserSchema, envelopeSchema } from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { getCurrentUser } from './current-user.service';

export async function currentUserRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/v3/system/user/info',
    {
      schema: {
        tags: ['system/user'],
        summary: 'The signed-in user with customer, roles and permission codes',
        response: { 200: envelopeSchema(currentUserSchema) },
      },
    },
    async (request) => ok(await getCurrentUser(db, requireAuth(request), request.lang)),
  );
}
