import { EXPORT_ROW_LIMIT, LOGINLOG_PERMISSIONS } from '@agent-console/contracts';
import { LOGIN_LOG_ROUTES, LOGIN_LOG_ROUTE_SCHEMAS as S } from '@agent-console/contracts/monitor';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveExport, serveRoutes } from '../../../http/serve-routes';
import { namedXlsxFile } from '../../../lib/xlsx-export';
import { cleanLoginLogs, deleteLoginLogs, loginLogExportBatches, pageLoginLogs } from './login-log.service';
import { EXPORT_NAMES, loginColumns } from './monitor-exports';

const tags = ['monitor/loginlog'];

export async function loginLogRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, LOGIN_LOG_ROUTES, S, tags);

  route('page', { permission: LOGINLOG_PERMISSIONS.list }, (r) => pageLoginLogs(db, requireAuth(r), r.body, r.lang));
  route('remove', { permission: LOGINLOG_PERMISSIONS.remove }, async (r) => ({
    count: await deleteLoginLogs(db, requireAuth(r), r.body.ids),
  }));
  route('clean', { permission: LOGINLOG_PERMISSIONS.remove }, async (r) => ({
    count: await cleanLoginLogs(db, requireAuth(r)),
  }));
  serveExport(app, LOGIN_LOG_ROUTES.export, S.export, tags, { permission: LOGINLOG_PERMISSIONS.export }, (r) =>
    namedXlsxFile(
      EXPORT_NAMES.login,
      r.lang,
      loginColumns(r.lang),
      loginLogExportBatches(db, requireAuth(r), r.body, EXPORT_ROW_LIMIT, r.lang),
    ),
  );
}
