import { EXPORT_ROW_LIMIT, PERMISSIONS } from '@agent-console/contracts';
import { ONLINE_USER_ROUTES, ONLINE_USER_ROUTE_SCHEMAS as S } from '@agent-console/contracts/monitor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { serveRoutes } from '../../../http/serve-routes';
import { exportFileName } from '../../../lib/xlsx-export';
import { EXPORT_NAMES, onlineColumns } from './monitor-exports';
import { forceLogout, onlineUserExportBatches, pageOnlineUsers } from './online.service';

const tags = ['monitor/online'];

/** Online users are the live rows of `sessions`; forcing one out deletes its row. */
export async function onlineRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const route = serveRoutes(app, ONLINE_USER_ROUTES, S, tags);

  route('page', { permission: PERMISSIONS.online.list }, (r) => pageOnlineUsers(db, requireAuth(r), r.body, r.lang));
  route('logoutOne', { permission: PERMISSIONS.online.forceLogout }, async (r) => ({
    count: await forceLogout(db, requireAuth(r), [r.params.key], r.log),
  }));
  route('logout', { permission: PERMISSIONS.online.forceLogout }, async (r) => ({
    count: await forceLogout(db, requireAuth(r), r.body.keys, r.log),
  }));

  // A file, not an envelope: registered by hand at the table's path.
  app.post(
    ONLINE_USER_ROUTES.export.path,
    {
      config: { permission: PERMISSIONS.online.export },
      schema: { tags, summary: S.export.summary, body: S.export.body },
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
