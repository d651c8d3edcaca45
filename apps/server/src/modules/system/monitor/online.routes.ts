import {
  EXPORT_ROW_LIMIT,
  envelopeSchema,
  forceLogoutRequestSchema,
  forceLogoutResultSchema,
  onlineUserPageRequestSchema,
  onlineUserSchema,
  PERMISSIONS,
  pageResultSchema,
  sessionKeySchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { exportFileName } from '../../../lib/xlsx-export';
import { EXPORT_NAMES, onlineColumns } from './monitor-exports';
import { forceLogout, onlineUserExportBatches, pageOnlineUsers } from './online.service';

const BASE = '/api/v3/monitor/online/user';
const tags = ['monitor/online'];

/** Online users are the live rows of `sessions`; forcing one out deletes its row. */
export async function onlineRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${BASE}/page`,
    {
      config: { permission: PERMISSIONS.online.list },
      schema: {
        tags,
        summary: 'Live sessions, newest activity first',
        body: onlineUserPageRequestSchema,
        response: { 200: envelopeSchema(pageResultSchema(onlineUserSchema)) },
      },
    },
    async (request) => ok(await pageOnlineUsers(db, requireAuth(request), request.body, request.lang)),
  );

  app.get(
    `${BASE}/logout/:key`,
    {
      config: { permission: PERMISSIONS.online.forceLogout },
      schema: {
        tags,
        summary: 'Force one session out; its next request answers A0301',
        params: z.object({ key: sessionKeySchema }),
        response: { 200: envelopeSchema(forceLogoutResultSchema) },
      },
    },
    async (request) => ok({ count: await forceLogout(db, requireAuth(request), [request.params.key], request.log) }),
  );

  app.post(
    `${BASE}/logout`,
    {
      config: { permission: PERMISSIONS.online.forceLogout },
      schema: {
        tags,
        summary: 'Force several sessions out (all or none)',
        body: forceLogoutRequestSchema,
        response: { 200: envelopeSchema(forceLogoutResultSchema) },
      },
    },
    async (request) => ok({ count: await forceLogout(db, requireAuth(request), request.body.keys, request.log) }),
  );

  app.post(
    `${BASE}/export`,
    {
      config: { permission: PERMISSIONS.online.export },
      schema: {
        tags,
        summary: `XLSX of the live sessions matching the filters (at most ${EXPORT_ROW_LIMIT} rows)`,
        body: onlineUserPageRequestSchema,
      },
    },
    (request, reply) =>
      sendXlsx(request, reply, () => ({
        fileName: exportFileName(EXPORT_NAMES.online, request.lang),
        sheetName: EXPORT_NAMES.online[request.lang],
        columns: onlineColumns(request.lang),
        batches: onlineUserExportBatches(db, requireAuth(request), request.body, EXPORT_ROW_LIMIT, request.lang),
      })),
  );
}
