import {
  EXPORT_ROW_LIMIT,
  envelopeSchema,
  keysetPageResultSchema,
  logCountResultSchema,
  logIdsRequestSchema,
  loginLogPageRequestSchema,
  loginLogSchema,
  PERMISSIONS,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { exportFileName } from '../../../lib/xlsx-export';
import { cleanLoginLogs, deleteLoginLogs, loginLogExportBatches, pageLoginLogs } from './login-log.service';
import { EXPORT_NAMES, loginColumns } from './monitor-exports';

const BASE = '/api/v3/monitor/log/login';
const tags = ['monitor/loginlog'];

export async function loginLogRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${BASE}/page`,
    {
      config: { permission: PERMISSIONS.loginlog.list },
      schema: {
        tags,
        summary: 'Login log, newest first',
        body: loginLogPageRequestSchema,
        response: { 200: envelopeSchema(keysetPageResultSchema(loginLogSchema)) },
      },
    },
    async (request) => ok(await pageLoginLogs(db, requireAuth(request), request.body, request.lang)),
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { permission: PERMISSIONS.loginlog.remove },
      schema: {
        tags,
        summary: 'Delete log rows by id (all or none)',
        body: logIdsRequestSchema,
        response: { 200: envelopeSchema(logCountResultSchema) },
      },
    },
    async (request) => ok({ count: await deleteLoginLogs(db, requireAuth(request), request.body.ids) }),
  );

  app.get(
    `${BASE}/clean`,
    {
      config: { permission: PERMISSIONS.loginlog.remove },
      schema: {
        tags,
        summary: "Delete every row within the caller's data scope",
        response: { 200: envelopeSchema(logCountResultSchema) },
      },
    },
    async (request) => ok({ count: await cleanLoginLogs(db, requireAuth(request)) }),
  );

  app.post(
    `${BASE}/export`,
    {
      config: { permission: PERMISSIONS.loginlog.export },
      schema: {
        tags,
        summary: `XLSX of the rows matching the filters (at most ${EXPORT_ROW_LIMIT})`,
        body: loginLogPageRequestSchema,
      },
    },
    (request, reply) =>
      sendXlsx(request, reply, () => ({
        fileName: exportFileName(EXPORT_NAMES.login, request.lang),
        sheetName: EXPORT_NAMES.login[request.lang],
        columns: loginColumns(request.lang),
        batches: loginLogExportBatches(db, requireAuth(request), request.body, EXPORT_ROW_LIMIT, request.lang),
      })),
  );
}
