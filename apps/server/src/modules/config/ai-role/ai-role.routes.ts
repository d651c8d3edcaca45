import { AI_ACCESS_PERMISSIONS, AI_PROMPT_PERMISSIONS } from '@agent-console/contracts';
import { AI_ROLE_ROUTES as R, AI_ROLE_ROUTE_SCHEMAS as S } from '@agent-console/contracts/ai-role';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendStoredFile } from '../../../http/download';
import { serveRoutes } from '../../../http/serve-routes';
import { AppError } from '../../../lib/app-error';
import { getMainPrompt, saveMainPrompt } from './main-prompt';
import { getNewCustomerAccess, saveNewCustomerAccess } from './new-customer-access';
import { loadWelcomeObject } from './welcome-files';

const tags = ['ai-role'];

/**
 * The AI role of an app (SPEC §7 "AI role", WAVE2 §5, §6): its main prompt and its new-customer
 * access, each read by its own call and written through the one `process-command` call, whose
 * commands need their own edit permission (declared below, enforced by the guard).
 */
export async function aiRoleRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const route = serveRoutes(fastify, R, S, tags);

  route('mainPrompt', { permission: AI_PROMPT_PERMISSIONS.view }, (r) => getMainPrompt(db, requireAuth(r), r.query));
  route('access', { permission: AI_ACCESS_PERMISSIONS.view }, (r) => getNewCustomerAccess(db, requireAuth(r), r.query));
  route(
    'command',
    {
      permissionWhen: [
        {
          from: 'body',
          key: 'command',
          when: { oneOf: ['saveMainPrompt'] },
          permission: AI_PROMPT_PERMISSIONS.edit,
        },
        {
          from: 'body',
          key: 'command',
          when: { oneOf: ['saveNewCustomerAccess'] },
          permission: AI_ACCESS_PERMISSIONS.edit,
        },
      ],
      audit: { type: 'update', commandKey: 'command' },
    },
    (r) => {
      const auth = requireAuth(r);
      const body = r.body;
      if (body.command === 'saveMainPrompt') return saveMainPrompt(db, auth, body);
      return saveNewCustomerAccess(db, auth, body);
    },
  );

  // The screen shows welcome images as thumbnails and offers the files: whoever may view the
  // new-customer access may view them, without the knowledge screen's permission. The answer is
  // the file itself, so the route is registered by hand at the table's path.
  app.get(
    R.welcomeFile.path,
    {
      config: { permission: AI_ACCESS_PERMISSIONS.view },
      schema: { tags, summary: S.welcomeFile.summary, params: S.welcomeFile.params },
    },
    async (request, reply) => {
      if (!deps.storage) throw new AppError('B0001', null, 'object storage not configured');
      return sendStoredFile(reply, deps.storage, await loadWelcomeObject(db, requireAuth(request), request.params.id));
    },
  );
}
