import {
  envelopeSchema,
  PERMISSIONS,
  pageResultSchema,
  roleDetailSchema,
  roleOptionSchema,
  rolePageQuerySchema,
  rolePermissionSchema,
  roleSaveSchema,
  roleSchema,
  systemIdParamsSchema,
  systemIdsBodySchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import {
  createRole,
  deleteRoles,
  listRoleOptions,
  pageRoles,
  roleDetail,
  updateRole,
  updateRolePermissions,
} from './role.service';

const BASE = '/api/v3/system/role';
const tags = ['system/role'];

/** Roles: SPEC §7 "Role (/system/role)". */
export async function roleRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${BASE}/page`,
    {
      config: { permission: PERMISSIONS.role.list },
      schema: {
        tags,
        summary: 'Role page list',
        body: rolePageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(roleSchema)) },
      },
    },
    async (request) => ok(await pageRoles(db, requireAuth(request), request.body, request.lang)),
  );
  // Role options feed the user dialog, so user administrators need them without role:list.
  app.post(
    `${BASE}/list`,
    {
      config: { permission: PERMISSIONS.user.list },
      schema: {
        tags,
        summary: 'Roles the caller may grant',
        response: { 200: envelopeSchema(z.array(roleOptionSchema)) },
      },
    },
    async (request) => ok(await listRoleOptions(db, requireAuth(request), request.lang)),
  );
  app.get(
    `${BASE}/info/:id`,
    {
      config: { permission: PERMISSIONS.role.list },
      schema: {
        tags,
        summary: 'A role with its menus and custom customers',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(roleDetailSchema) },
      },
    },
    async (request) => ok(await roleDetail(db, requireAuth(request), request.params.id, request.lang)),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: PERMISSIONS.role.add },
      schema: {
        tags,
        summary: 'Create a role',
        body: roleSaveSchema,
        response: { 200: envelopeSchema(roleDetailSchema) },
      },
    },
    async (request) => ok(await createRole(db, requireAuth(request), request.body, request.lang)),
  );
  app.post(
    `${BASE}/update/:id`,
    {
      config: { permission: PERMISSIONS.role.edit },
      schema: {
        tags,
        summary: 'Change a role and its data scope',
        params: systemIdParamsSchema,
        body: roleSaveSchema,
        response: { 200: envelopeSchema(roleDetailSchema) },
      },
    },
    async (request) => ok(await updateRole(db, requireAuth(request), request.params.id, request.body, request.lang)),
  );
  app.post(
    `${BASE}/permission/update/:id`,
    {
      config: { permission: PERMISSIONS.role.edit },
      schema: {
        tags,
        summary: 'Replace the role’s menus and buttons',
        params: systemIdParamsSchema,
        body: rolePermissionSchema,
        response: { 200: envelopeSchema(roleDetailSchema) },
      },
    },
    async (request) =>
      ok(await updateRolePermissions(db, requireAuth(request), request.params.id, request.body.menuIds, request.lang)),
  );
  app.post(
    `${BASE}/delete`,
    {
      config: { permission: PERMISSIONS.role.remove },
      schema: {
        tags,
        summary: 'Delete roles no user holds',
        body: systemIdsBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteRoles(db, requireAuth(request), request.body.ids);
      return ok(null);
    },
  );
}
