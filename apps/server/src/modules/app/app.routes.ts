import { appListQuerySchema, appOptionSchema, envelopeSchema } from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../http/app-deps';
import { requireAuth } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { listAppOptions } from './app.service';

const BASE = '/api/v3/app/info';
const tags = ['app/info'];

/** Apps: SPEC §7 "Apps", WAVE2 §4. */
export async function appRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  // The pickers of the configuration and AI screens need the list without the app screen's
  // permission; it holds only names and states, within the caller's data scope.
  app.get(
    `${BASE}/getList`,
    {
      schema: {
        tags,
        summary: 'Apps within the caller’s scope, for pickers',
        querystring: appListQuerySchema,
        response: { 200: envelopeSchema(z.array(appOptionSchema)) },
      },
    },
    async (request) => ok(await listAppOptions(db, requireAuth(request), request.query.customerId)),
  );
}
