import { currentMenuTreeSchema, currentRouterSchema, envelopeSchema } from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { currentMenuTree, currentRouter } from './current-menu.service';

/** The signed-in user's own menu and routes: open to every signed-in user, filtered by their roles. */
export async function currentMenuRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/v3/system/menu/get/current/tree',
    {
      schema: {
        tags: ['system/menu'],
        summary: "The caller's menu tree (directories and menus, no buttons), titles in the request's language",
        response: { 200: envelopeSchema(currentMenuTreeSchema) },
      },
    },
    async (request) => ok(await currentMenuTree(db, requireAuth(request), request.lang)),
  );

  app.get(
    '/api/v3/system/menu/get/current/router',
    {
      schema: {
        tags: ['system/menu'],
        summary: 'Every page the caller may open, flat, for building client routes',
        response: { 200: envelopeSchema(currentRouterSchema) },
      },
    },
    async (request) => ok(await currentRouter(db, requireAuth(request), request.lang)),
  );
}
