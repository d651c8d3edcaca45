import { EXPORT_ROW_LIMIT, PERMISSIONS } from '@agent-console/contracts';
import { OPERATION_LOG_ROUTES, OPERATION_LOG_ROUTE_SCHEMAS as S } from '@agent-console/contracts/monitor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { serveRoutes } from '../../../http/serve-routes';
import { exportFileName } from '../../../lib/xlsx-export';
import { EXPORT_NAMES, operationColumns } from './monitor-exports';
import {
  cleanOperationLogs,
  deleteOperationLogs,
  operationLogExportBatches,
  pageOperationLogs,
} from './operation-log.service';

const tags = ['monitor/operlog'];

export async function operationLogRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const route = serveRoutes(app, OPERATION_LOG_ROUTES, S, tags);

  route('page', { permission: PERMISSIONS.operlog.list }, (r) => pageOperationLogs(db, requireAuth(r), r.body, r.lang));
  route('remove', { permission: PERMISSIONS.operlog.remove }, async (r) => ({
    count: await deleteOperationLogs(db, requireAuth(r), r.body.ids),
  }));
  route('clean', { permission: PERMISSIONS.operlog.remove }, async (r) => ({
    count: await cleanOperationLogs(db, requireAuth(r)),
  }));

  // A file, not an envelope: registered by hand at the table's path.
  app.post(
    OPERATION_LOG_ROUTES.export.path,
    {
      config: { permission: PERMISSIONS.operlog.export },
      schema: { tags, summary: S.export.summary, body: S.export.body },
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
