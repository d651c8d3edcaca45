import {
  aiRoleCommandResultSchema,
  aiRoleCommandSchema,
  aiRoleQuerySchema,
  envelopeSchema,
  idParamsSchema,
  mainPromptConfigSchema,
  newCustomerAccessConfigSchema,
  PERMISSIONS,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { contentDisposition } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../lib/app-error';
import { getMainPrompt, saveMainPrompt } from './main-prompt';
import { getNewCustomerAccess, saveNewCustomerAccess } from './new-customer-access';
import { loadWelcomeObject, WELCOME_FILE_PATH } from './welcome-files';

const BASE = '/api/v3/ai-role';
const tags = ['ai-role'];

/**
 * The AI role of an app (SPEC §7 "AI role", WAVE2 §5, §6): its main prompt and its new-customer
 * access, each read by its own call and written through the one `process-command` call, whose
 * commands need their own edit permission (declared below, enforced by the guard).
 */
export async function aiRoleRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    `${BASE}/getMainPromptConfig`,
    {
      config: { permission: PERMISSIONS.aiMainPrompt.view },
      schema: {
        tags,
        summary: 'The main prompt of a customer’s app (empty: the agent’s built-in instructions only)',
        querystring: aiRoleQuerySchema,
        response: { 200: envelopeSchema(mainPromptConfigSchema) },
      },
    },
    async (request) => ok(await getMainPrompt(db, requireAuth(request), request.query)),
  );

  app.get(
    `${BASE}/getNetCustomerAccessConfigValue`,
    {
      config: { permission: PERMISSIONS.aiAccess.view },
      schema: {
        tags,
        summary: 'New-customer access of a customer’s app: auto-accept, welcome messages, lead-cleaning items',
        querystring: aiRoleQuerySchema,
        response: { 200: envelopeSchema(newCustomerAccessConfigSchema) },
      },
    },
    async (request) => ok(await getNewCustomerAccess(db, requireAuth(request), request.query)),
  );

  app.post(
    `${BASE}/process-command`,
    {
      config: {
        permissionWhen: [
          {
            from: 'body',
            key: 'command',
            when: { oneOf: ['saveMainPrompt'] },
            permission: PERMISSIONS.aiMainPrompt.edit,
          },
          {
            from: 'body',
            key: 'command',
            when: { oneOf: ['saveNewCustomerAccess'] },
            permission: PERMISSIONS.aiAccess.edit,
          },
        ],
        audit: { type: 'update', commandKey: 'command' },
      },
      schema: {
        tags,
        summary: 'One write of the AI role: command saveMainPrompt or saveNewCustomerAccess; answers the saved config',
        body: aiRoleCommandSchema,
        response: { 200: envelopeSchema(aiRoleCommandResultSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body;
      if (body.command === 'saveMainPrompt') return ok(await saveMainPrompt(db, auth, body));
      return ok(await saveNewCustomerAccess(db, auth, body));
    },
  );

  // The screen shows welcome images as thumbnails and offers the files: whoever may view the
  // new-customer access may view them, without the knowledge screen's permission.
  app.get(
    `${WELCOME_FILE_PATH}/:id`,
    {
      config: { permission: PERMISSIONS.aiAccess.view },
      schema: { tags, summary: 'A welcome message’s file or image', params: idParamsSchema },
    },
    async (request, reply) => {
      if (!deps.storage) throw new AppError('B0001', null, 'object storage not configured');
      const row = await loadWelcomeObject(db, requireAuth(request), request.params.id);
      const data = await deps.storage.get(row.storageKey);
      return reply
        .header('content-type', row.mime)
        .header('content-disposition', contentDisposition(row.originalName))
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
