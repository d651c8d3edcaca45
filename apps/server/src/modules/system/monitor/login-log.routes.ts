import { EXPORT_ROW_LIMIT, PERMISSIONS } from '@agent-console/contracts';
import { LOGIN_LOG_ROUTES, LOGIN_LOG_ROUTE_SCHEMAS as S } from '@agent-console/contracts/monitor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { serveRoutes } from '../../../http/serve-routes';
import { exportFileName } from '../../../lib/xlsx-export';
import { cleanLoginLogs, deleteLoginLogs, loginLogExportBatches, pageLoginLogs } from './login-log.service';
import { EXPORT_NAMES, loginColumns } from './monitor-exports';

const tags = ['monitor/loginlog'];

export async function loginLogRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const route = serveRoutes(app, LOGIN_LOG_ROUTES, S, tags);

  route('page', { permission: PERMISSIONS.loginlog.list }, (r) => pageLoginLogs(db, requireAuth(r), r.body, r.lang));
  route('remove', { permission: PERMISSIONS.loginlog.remove }, async (r) => ({
    count: await deleteLoginLogs(db, requireAuth(r), r.body.ids),
  }));
  route('clean', { permission: PERMISSIONS.loginlog.remove }, async (r) => ({
    count: await cleanLoginLogs(db, requireAuth(r)),
  }));

  // A file, not an envelope: registered by hand at the table's path.
  app.post(
    LOGIN_LOG_ROUTES.export.path,
    {
      config: { permission: PERMISSIONS.loginlog.export },
      schema: { tags, summary: S.export.summary, body: S.export.body },
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
