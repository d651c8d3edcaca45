import { EXPORT_ROW_LIMIT, ONLINE_PERMISSIONS } from '@agent-console/contracts';
import { ONLINE_USER_ROUTES, ONLINE_USER_ROUTE_SCHEMAS as S } from '@agent-console/contracts/monitor';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveExport, serveRoutes } from '../../../http/serve-routes';
import { namedXlsxFile } from '../../../lib/xlsx-export';
import { EXPORT_NAMES, onlineColumns } from './monitor-exports';
import { forceLogout, onlineUserExportBatches, pageOnlineUsers } from './online.service';

const tags = ['monitor/online'];

/** Online users are the live rows of `sessions`; forcing one out deletes its row. */
export async function onlineRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, ONLINE_USER_ROUTES, S, tags);

  route('page', { permission: ONLINE_PERMISSIONS.list }, (r) => pageOnlineUsers(db, requireAuth(r), r.body, r.lang));
  route('logoutOne', { permission: ONLINE_PERMISSIONS.forceLogout }, async (r) => ({
    count: await forceLogout(db, requireAuth(r), [r.params.key], r.log),
  }));
  route('logout', { permission: ONLINE_PERMISSIONS.forceLogout }, async (r) => ({
    count: await forceLogout(db, requireAuth(r), r.body.keys, r.log),
  }));
  serveExport(app, ONLINE_USER_ROUTES.export, S.export, tags, { permission: ONLINE_PERMISSIONS.export }, (r) =>
    namedXlsxFile(
      EXPORT_NAMES.online,
      r.lang,
      onlineColumns(r.lang),
      onlineUserExportBatches(db, requireAuth(r), r.body, EXPORT_ROW_LIMIT, r.lang),
    ),
  );
}
