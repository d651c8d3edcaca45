import { USER_PERMISSIONS } from '@agent-console/contracts';
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

  route('page', { permission: USER_PERMISSIONS.list }, (r) => pageUsers(db, requireAuth(r), r.body, r.lang));
  route('detail', { permission: USER_PERMISSIONS.list }, (r) => userDetail(db, requireAuth(r), r.params.id, r.lang));
  route('save', { permission: USER_PERMISSIONS.add }, (r) => createUser(db, requireAuth(r), r.body, r.lang));
  route('update', { permission: USER_PERMISSIONS.edit }, (r) =>
    updateUser(db, requireAuth(r), r.params.id, r.body, r.lang),
  );
  route('status', { permission: USER_PERMISSIONS.edit }, async (r) => {
    await setUserEnabled(db, requireAuth(r), r.params.id, r.body.enabled);
    return null;
  });
  route('resetPassword', { permission: USER_PERMISSIONS.resetPwd }, (r, reply) => {
    reply.header('cache-control', 'no-store');
    return resetPassword(db, requireAuth(r), r.params.id);
  });
  serveExport(
    app,
    USER_ROUTES.export,
    S.export,
    tags,
    { permission: USER_PERMISSIONS.export },
    (r) =>
      namedXlsxFile(
        USER_EXPORT_NAME,
        r.lang,
        userColumns(r.lang),
        userExportBatches(db, requireAuth(r), r.body, USER_EXPORT_LIMIT, r.lang),
      ),
    `${S.export.summary} (at most ${USER_EXPORT_LIMIT})`,
  );
  route('remove', { permission: USER_PERMISSIONS.remove }, async (r) => {
    await deleteUsers(db, requireAuth(r), r.body.ids);
    return null;
  });
}
