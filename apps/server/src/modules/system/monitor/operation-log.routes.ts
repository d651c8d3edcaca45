import {
  EXPORT_ROW_LIMIT,
  envelopeSchema,
  keysetPageResultSchema,
  logCountResultSchema,
  logIdsRequestSchema,
  operationLogPageRequestSchema,
  operationLogSchema,
  PERMISSIONS,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { exportFileName } from '../../../lib/xlsx-export';
import { EXPORT_NAMES, operationColumns } from './monitor-exports';
import {
  cleanOperationLogs,
  deleteOperationLogs,
  operationLogExportBatches,
  pageOperationLogs,
} from './operation-log.service';

const BASE = '/api/v3/monitor/operation/log';
const tags = ['monitor/operlog'];

export async function operationLogRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${BASE}/page`,
    {
      config: { permission: PERMISSIONS.operlog.list },
      schema: {
        tags,
        summary: 'Operation log, newest first',
        body: operationLogPageRequestSchema,
        response: { 200: envelopeSchema(keysetPageResultSchema(operationLogSchema)) },
      },
    },
    async (request) => ok(await pageOperationLogs(db, requireAuth(request), request.body, request.lang)),
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { permission: PERMISSIONS.operlog.remove },
      schema: {
        tags,
        summary: 'Delete log rows by id (all or none)',
        body: logIdsRequestSchema,
        response: { 200: envelopeSchema(logCountResultSchema) },
      },
    },
    async (request) => ok({ count: await deleteOperationLogs(db, requireAuth(request), request.body.ids) }),
  );

  app.get(
    `${BASE}/clean`,
    {
      config: { permission: PERMISSIONS.operlog.remove },
      schema: {
        tags,
        summary: "Delete every row within the caller's data scope",
        response: { 200: envelopeSchema(logCountResultSchema) },
      },
    },
    async (request) => ok({ count: await cleanOperationLogs(db, requireAuth(request)) }),
  );

  app.post(
    `${BASE}/export`,
    {
      config: { permission: PERMISSIONS.operlog.export },
      schema: {
        tags,
        summary: `XLSX of the rows matching the filters (at most ${EXPORT_ROW_LIMIT})`,
        body: operationLogPageRequestSchema,
      },
    },
    (request, reply) =>
      sendXlsx(request, reply, () => ({
        fileName: exportFileName(EXPORT_NAMES.operation, request.lang),
        sheetName: EXPORT_NAMES.operation[request.lang],
        columns: operationColumns(request.lang),
        batches: operationLogExportBatches(db, requireAuth(request), request.body, EXPORT_ROW_LIMIT, request.lang),
      })),
  );
}
