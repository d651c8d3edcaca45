import {
  currentPermissionsSchema,
  envelopeSchema,
  menuNodeSchema,
  menuSaveSchema,
  menuSchema,
  menuTreeQuerySchema,
  PERMISSIONS,
  permissionNodeSchema,
  systemIdParamsSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { createMenu, currentPermissions, deleteMenu, menuTree, permissionTree, updateMenu } from './menu.service';

const BASE = '/api/v3/system/menu';
const tags = ['system/menu'];

/** Menu administration: SPEC §7 "Menu (/system/menu)" except the current menu and router. */
export async function menuRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    `${BASE}/tree`,
    {
      config: { permission: PERMISSIONS.menu.list },
      schema: {
        tags,
        summary: 'The whole menu tree, optionally filtered',
        querystring: menuTreeQuerySchema,
        response: { 200: envelopeSchema(z.array(menuNodeSchema)) },
      },
    },
    async (request) => ok(await menuTree(db, request.query)),
  );
  app.get(
    `${BASE}/permission/tree`,
    {
      config: { permission: PERMISSIONS.role.list },
      schema: {
        tags,
        summary: 'Menus and buttons the caller may grant to a role',
        response: { 200: envelopeSchema(z.array(permissionNodeSchema)) },
      },
    },
    async (request) => ok(await permissionTree(db, requireAuth(request))),
  );
  app.get(
    `${BASE}/update/current`,
    {
      schema: {
        tags,
        summary: 'Recompute the caller’s permissions and menus now',
        response: { 200: envelopeSchema(currentPermissionsSchema) },
      },
    },
    async (request) => ok(await currentPermissions(db, requireAuth(request))),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: PERMISSIONS.menu.add, shared: true },
      schema: {
        tags,
        summary: 'Create a directory, menu or button',
        body: menuSaveSchema,
        response: { 200: envelopeSchema(menuSchema) },
      },
    },
    async (request) => ok(await createMenu(db, requireAuth(request), request.body)),
  );
  app.post(
    `${BASE}/update/:id`,
    {
      config: { permission: PERMISSIONS.menu.edit, shared: true },
      schema: {
        tags,
        summary: 'Change a menu',
        params: systemIdParamsSchema,
        body: menuSaveSchema,
        response: { 200: envelopeSchema(menuSchema) },
      },
    },
    async (request) => ok(await updateMenu(db, requireAuth(request), request.params.id, request.body)),
  );
  app.get(
    `${BASE}/delete/:id`,
    {
      config: { permission: PERMISSIONS.menu.remove, shared: true },
      schema: {
        tags,
        summary: 'Delete a menu without children or roles',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteMenu(db, request.params.id);
      return ok(null);
    },
  );
}
