import { EXPORT_ROW_LIMIT, OPERLOG_PERMISSIONS } from '@agent-console/contracts';
import { OPERATION_LOG_ROUTES, OPERATION_LOG_ROUTE_SCHEMAS as S } from '@agent-console/contracts/monitor';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveExport, serveRoutes } from '../../../http/serve-routes';
import { namedXlsxFile } from '../../../lib/xlsx-export';
import { EXPORT_NAMES, operationColumns } from './monitor-exports';
import {
  cleanOperationLogs,
  deleteOperationLogs,
  operationLogExportBatches,
  pageOperationLogs,
} from './operation-log.service';

const tags = ['monitor/operlog'];

export async function operationLogRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, OPERATION_LOG_ROUTES, S, tags);

  route('page', { permission: OPERLOG_PERMISSIONS.list }, (r) => pageOperationLogs(db, requireAuth(r), r.body, r.lang));
  route('remove', { permission: OPERLOG_PERMISSIONS.remove }, async (r) => ({
    count: await deleteOperationLogs(db, requireAuth(r), r.body.ids),
  }));
  route('clean', { permission: OPERLOG_PERMISSIONS.remove }, async (r) => ({
    count: await cleanOperationLogs(db, requireAuth(r)),
  }));
  serveExport(app, OPERATION_LOG_ROUTES.export, S.export, tags, { permission: OPERLOG_PERMISSIONS.export }, (r) =>
    namedXlsxFile(
      EXPORT_NAMES.operation,
      r.lang,
      operationColumns(r.lang),
      operationLogExportBatches(db, requireAuth(r), r.body, EXPORT_ROW_LIMIT, r.lang),
    ),
  );
}
