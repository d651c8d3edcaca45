import {
  envelopeSchema,
  fragmentIdParamsSchema,
  fragmentPageSchema,
  fragmentUpdateSchema,
  knowledgeFragmentSchema,
  PERMISSIONS,
  pageResultSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { fragmentPage, updateFragment } from './fragment.service';

const P = PERMISSIONS.knowledgeFile;
const tags = ['knowledge'];

/**
 * The document viewer's routes (issue 32). Reading fragments is part of seeing documents, and
 * correcting one is editing its document, so they reuse the document screen's codes rather than
 * adding a menu button that every existing role would lack.
 */
export async function fragmentRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/v3/knowledge/file/:id/fragments',
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'A document’s fragments in reading order, as the agent uses them; keyword search',
        params: fragmentIdParamsSchema,
        querystring: fragmentPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(knowledgeFragmentSchema)) },
      },
    },
    async (request) => ok(await fragmentPage(db, requireAuth(request), request.params.id, request.query)),
  );

  app.post(
    '/api/v3/knowledge/fragment/update/:id',
    {
      // The path names no action, so the audit would file it as "other".
      config: { permission: P.edit, audit: { type: 'update' } },
      schema: {
        tags,
        summary: 'Correct a fragment’s text and/or switch it off or on; the agent uses the change at its next answer',
        params: fragmentIdParamsSchema,
        body: fragmentUpdateSchema,
        response: { 200: envelopeSchema(knowledgeFragmentSchema) },
      },
    },
    async (request) => ok(await updateFragment(db, requireAuth(request), request.params.id, request.body)),
  );
}
