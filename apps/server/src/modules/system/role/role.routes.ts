import { ROLE_PERMISSIONS, USER_PERMISSIONS } from '@agent-console/contracts';
import { ROLE_ROUTE_SCHEMAS, ROLE_ROUTES } from '@agent-console/contracts/system-role';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import {
  createRole,
  deleteRoles,
  listRoleOptions,
  pageRoles,
  roleDetail,
  updateRole,
  updateRolePermissions,
} from './role.service';

/** Roles: SPEC §7 "Role (/system/role)". */
export async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, ROLE_ROUTES, ROLE_ROUTE_SCHEMAS, ['system/role']);
  const P = ROLE_PERMISSIONS;

  route('page', { permission: P.list }, (r) => pageRoles(db, requireAuth(r), r.body, r.lang));
  // Role options feed the user dialog, so user administrators need them without role:list.
  route('options', { permission: USER_PERMISSIONS.list }, (r) => listRoleOptions(db, requireAuth(r), r.lang));
  route('info', { permission: P.list }, (r) => roleDetail(db, requireAuth(r), r.params.id, r.lang));
  route('save', { permission: P.add }, (r) => createRole(db, requireAuth(r), r.body, r.lang));
  route('update', { permission: P.edit }, (r) => updateRole(db, requireAuth(r), r.params.id, r.body, r.lang));
  route('updatePermissions', { permission: P.edit }, (r) =>
    updateRolePermissions(db, requireAuth(r), r.params.id, r.body.menuIds, r.lang),
  );
  route('remove', { permission: P.remove }, async (r) => {
    await deleteRoles(db, requireAuth(r), r.body.ids);
    return null;
  });
}
