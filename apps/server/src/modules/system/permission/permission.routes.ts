import { AI_PERMISSION_SCREEN_PERMISSIONS, MENU_PERMISSIONS } from '@agent-console/contracts';
import { PERMISSION_ROUTE_SCHEMAS, PERMISSION_ROUTES } from '@agent-console/contracts/system-permission';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import {
  createPermission,
  deletePermission,
  pageMenuTree,
  pagePermissions,
  updatePermission,
} from './permission.service';

/**
 * Permission calls of SPEC §7 ("Permission: POST /menu/page/{id}, /save, /update/{id};
 * GET /delete/{id}"): the button permissions of a menu page, for the permission-config screen.
 * Reading needs the screen's own code; changing needs the menu codes, since buttons are menu rows
 * shared by every customer.
 */
export async function permissionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, PERMISSION_ROUTES, PERMISSION_ROUTE_SCHEMAS, ['permission']);
  const view = AI_PERMISSION_SCREEN_PERMISSIONS.view;
  const M = MENU_PERMISSIONS;

  route('page', { permission: view }, (r) => pagePermissions(db, r.params.id, r.body, r.lang));
  route('menuTree', { permission: view }, () => pageMenuTree(db));
  route('save', { permission: M.add, shared: true }, (r) => createPermission(db, requireAuth(r), r.body, r.lang));
  route('update', { permission: M.edit, shared: true }, (r) =>
    updatePermission(db, requireAuth(r), r.params.id, r.body, r.lang),
  );
  route('remove', { permission: M.remove, shared: true }, async (r) => {
    await deletePermission(db, r.params.id);
    return null;
  });
}
