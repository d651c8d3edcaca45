import { MENU_PERMISSIONS, ROLE_PERMISSIONS } from '@agent-console/contracts';
import { MENU_ROUTE_SCHEMAS, MENU_ROUTES } from '@agent-console/contracts/system-menu';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { createMenu, currentPermissions, deleteMenu, menuTree, permissionTree, updateMenu } from './menu.service';

/** Menu administration: SPEC §7 "Menu (/system/menu)" except the current menu and router. */
export async function menuRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, MENU_ROUTES, MENU_ROUTE_SCHEMAS, ['system/menu']);
  const P = MENU_PERMISSIONS;

  route('tree', { permission: P.list }, (r) => menuTree(db, r.query));
  route('permissionTree', { permission: ROLE_PERMISSIONS.list }, (r) => permissionTree(db, requireAuth(r)));
  route('current', {}, (r) => currentPermissions(db, requireAuth(r)));
  route('save', { permission: P.add, shared: true }, (r) => createMenu(db, requireAuth(r), r.body));
  route('update', { permission: P.edit, shared: true }, (r) => updateMenu(db, requireAuth(r), r.params.id, r.body));
  route('remove', { permission: P.remove, shared: true }, async (r) => {
    await deleteMenu(db, r.params.id);
    return null;
  });
}
