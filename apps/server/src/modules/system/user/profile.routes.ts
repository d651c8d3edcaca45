import { type PermissionCode, USER_PERMISSIONS } from '@agent-console/contracts';
import { PROFILE_ROUTE_SCHEMAS, PROFILE_ROUTES } from '@agent-console/contracts/system-user-profile';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import type { PermissionRule } from '../../../http/permission';
import { serveRoutes } from '../../../http/serve-routes';
import { getProfile, updatePassword, updateProfile } from './profile.service';

/**
 * A user's own profile and password (user settings screen). One's own id needs no permission;
 * another user's id needs the user-management permission (declared per route below), and the
 * service then allows only a user inside one's data scope, and a super-admin account only to a
 * super admin.
 */
const otherUser = (permission: PermissionCode): PermissionRule[] => [
  { from: 'params', key: 'id', when: 'otherUser', permission },
];

export async function profileRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, PROFILE_ROUTES, PROFILE_ROUTE_SCHEMAS, ['system/user']);

  route('get', { permissionWhen: otherUser(USER_PERMISSIONS.list) }, (r) =>
    getProfile(db, requireAuth(r), r.params.id, r.lang),
  );
  route('update', { permissionWhen: otherUser(USER_PERMISSIONS.edit) }, (r) =>
    updateProfile(db, requireAuth(r), r.params.id, r.body, r.lang),
  );
  route('updatePassword', { permissionWhen: otherUser(USER_PERMISSIONS.edit) }, async (r) => {
    await updatePassword(db, requireAuth(r), r.params.id, r.body, r.ip);
    return null;
  });
}
