import {
  envelopeSchema,
  PERMISSIONS,
  pageResultSchema,
  permissionNodeSchema,
  permissionPageQuerySchema,
  permissionSaveSchema,
  permissionSchema,
  systemIdParamsSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import {
  createPermission,
  deletePermission,
  pageMenuTree,
  pagePermissions,
  updatePermission,
} from './permission.service';

const BASE = '/api/v3/permission';
const tags = ['permission'];

/**
 * Permission calls of SPEC §7 ("Permission: POST /menu/page/{id}, /save, /update/{id};
 * GET /delete/{id}"): the button permissions of a menu page, for the permission-config screen.
 * Reading needs the screen's own code; changing needs the menu codes, since buttons are menu rows
 * shared by every customer.
 */
export async function permissionRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${BASE}/menu/page/:id`,
    {
      config: { permission: PERMISSIONS.aiPermission.view },
      schema: {
        tags,
        summary: 'Button permissions of one menu',
        params: systemIdParamsSchema,
        body: permissionPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(permissionSchema)) },
      },
    },
    async (request) => ok(await pagePermissions(db, request.params.id, request.body, request.lang)),
  );
  app.get(
    `${BASE}/menu/tree`,
    {
      config: { permission: PERMISSIONS.aiPermission.view },
      schema: {
        tags,
        summary: 'Directories and menus that buttons hang under',
        response: { 200: envelopeSchema(z.array(permissionNodeSchema)) },
      },
    },
    async () => ok(await pageMenuTree(db)),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: PERMISSIONS.menu.add, shared: true },
      schema: {
        tags,
        summary: 'Add a button permission to a menu',
        body: permissionSaveSchema,
        response: { 200: envelopeSchema(permissionSchema) },
      },
    },
    async (request) => ok(await createPermission(db, requireAuth(request), request.body, request.lang)),
  );
  app.post(
    `${BASE}/update/:id`,
    {
      config: { permission: PERMISSIONS.menu.edit, shared: true },
      schema: {
        tags,
        summary: 'Change a button permission',
        params: systemIdParamsSchema,
        body: permissionSaveSchema,
        response: { 200: envelopeSchema(permissionSchema) },
      },
    },
    async (request) =>
      ok(await updatePermission(db, requireAuth(request), request.params.id, request.body, request.lang)),
  );
  app.get(
    `${BASE}/delete/:id`,
    {
      config: { permission: PERMISSIONS.menu.remove, shared: true },
      schema: {
        tags,
        summary: 'Delete a button permission no role holds',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deletePermission(db, request.params.id);
      return ok(null);
    },
  );
}
