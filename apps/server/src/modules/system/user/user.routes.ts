import {
  adminUserDetailSchema,
  adminUserSchema,
  envelopeSchema,
  PERMISSIONS,
  pageResultSchema,
  resetPasswordResultSchema,
  systemIdParamsSchema,
  systemIdsBodySchema,
  userCreateSchema,
  userPageQuerySchema,
  userStatusSchema,
  userUpdateSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { exportFileName } from '../../../lib/xlsx-export';
import { USER_EXPORT_LIMIT, USER_EXPORT_NAME, userColumns } from './user.export';
import { pageUsers, userExportBatches } from './user.query';
import { createUser, deleteUsers, resetPassword, setUserEnabled, updateUser, userDetail } from './user.service';

const BASE = '/api/v3/system/user';
const tags = ['system/user'];

/** User administration: SPEC §7 "Auth and user" (the admin calls). */
export async function userRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${BASE}/page`,
    {
      config: { permission: PERMISSIONS.user.list },
      schema: {
        tags,
        summary: 'User page list',
        body: userPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(adminUserSchema)) },
      },
    },
    async (request) => ok(await pageUsers(db, requireAuth(request), request.body, request.lang)),
  );
  app.get(
    `${BASE}/detail/:id`,
    {
      config: { permission: PERMISSIONS.user.list },
      schema: {
        tags,
        summary: 'A user with role and post ids',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(adminUserDetailSchema) },
      },
    },
    async (request) => ok(await userDetail(db, requireAuth(request), request.params.id, request.lang)),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: PERMISSIONS.user.add },
      schema: {
        tags,
        summary: 'Create a user',
        body: userCreateSchema,
        response: { 200: envelopeSchema(adminUserDetailSchema) },
      },
    },
    async (request) => ok(await createUser(db, requireAuth(request), request.body, request.lang)),
  );
  app.post(
    `${BASE}/update/:id`,
    {
      config: { permission: PERMISSIONS.user.edit },
      schema: {
        tags,
        summary: 'Change a user, their roles and posts',
        params: systemIdParamsSchema,
        body: userUpdateSchema,
        response: { 200: envelopeSchema(adminUserDetailSchema) },
      },
    },
    async (request) => ok(await updateUser(db, requireAuth(request), request.params.id, request.body, request.lang)),
  );
  app.post(
    `${BASE}/status/:id`,
    {
      config: { permission: PERMISSIONS.user.edit },
      schema: {
        tags,
        summary: 'Enable or disable a user',
        params: systemIdParamsSchema,
        body: userStatusSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await setUserEnabled(db, requireAuth(request), request.params.id, request.body.enabled);
      return ok(null);
    },
  );
  app.get(
    `${BASE}/resetPwd/:id`,
    {
      config: { permission: PERMISSIONS.user.resetPwd },
      schema: {
        tags,
        summary: 'Set a generated password, returned once',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(resetPasswordResultSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await resetPassword(db, requireAuth(request), request.params.id));
    },
  );
  app.post(
    `${BASE}/export`,
    {
      config: { permission: PERMISSIONS.user.export },
      schema: {
        tags,
        summary: `XLSX of the users matching the filters (at most ${USER_EXPORT_LIMIT})`,
        body: userPageQuerySchema,
      },
    },
    (request, reply) =>
      sendXlsx(request, reply, () => ({
        fileName: exportFileName(USER_EXPORT_NAME, request.lang),
        sheetName: USER_EXPORT_NAME[request.lang],
        columns: userColumns(request.lang),
        batches: userExportBatches(db, requireAuth(request), request.body, USER_EXPORT_LIMIT, request.lang),
      })),
  );
  app.post(
    `${BASE}/delete`,
    {
      config: { permission: PERMISSIONS.user.remove },
      schema: {
        tags,
        summary: 'Delete users (one or a batch)',
        body: systemIdsBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteUsers(db, requireAuth(request), request.body.ids);
      return ok(null);
    },
  );
}
