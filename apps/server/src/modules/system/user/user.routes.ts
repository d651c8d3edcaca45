import { PERMISSIONS } from '@agent-console/contracts';
import { USER_ROUTE_SCHEMAS as S, USER_ROUTES } from '@agent-console/contracts/system-user';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveExport, serveRoutes } from '../../../http/serve-routes';
import { namedXlsxFile } from '../../../lib/xlsx-export';
import { USER_EXPORT_LIMIT, USER_EXPORT_NAME, userColumns } from './user.export';
import { pageUsers, userExportBatches } from './user.query';
import { createUser, deleteUsers, resetPassword, setUserEnabled, updateUser, userDetail } from './user.service';

const tags = ['system/user'];

/** User administration: SPEC §7 "Auth and user" (the admin calls). */
export async function userRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, USER_ROUTES, S, tags);

  route('page', { permission: PERMISSIONS.user.list }, (r) => pageUsers(db, requireAuth(r), r.body, r.lang));
  route('detail', { permission: PERMISSIONS.user.list }, (r) => userDetail(db, requireAuth(r), r.params.id, r.lang));
  route('save', { permission: PERMISSIONS.user.add }, (r) => createUser(db, requireAuth(r), r.body, r.lang));
  route('update', { permission: PERMISSIONS.user.edit }, (r) =>
    updateUser(db, requireAuth(r), r.params.id, r.body, r.lang),
  );
  route('status', { permission: PERMISSIONS.user.edit }, async (r) => {
    await setUserEnabled(db, requireAuth(r), r.params.id, r.body.enabled);
    return null;
  });
  route('resetPassword', { permission: PERMISSIONS.user.resetPwd }, (r, reply) => {
    reply.header('cache-control', 'no-store');
    return resetPassword(db, requireAuth(r), r.params.id);
  });
  serveExport(
    app,
    USER_ROUTES.export,
    S.export,
    tags,
    { permission: PERMISSIONS.user.export },
    (r) =>
      namedXlsxFile(
        USER_EXPORT_NAME,
        r.lang,
        userColumns(r.lang),
        userExportBatches(db, requireAuth(r), r.body, USER_EXPORT_LIMIT, r.lang),
      ),
    `${S.export.summary} (at most ${USER_EXPORT_LIMIT})`,
  );
  route('remove', { permission: PERMISSIONS.user.remove }, async (r) => {
    await deleteUsers(db, requireAuth(r), r.body.ids);
    return null;
  });
}
