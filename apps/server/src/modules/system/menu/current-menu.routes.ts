import { CURRENT_MENU_ROUTE_SCHEMAS, CURRENT_MENU_ROUTES } from '@agent-console/contracts/system-menu-current';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { currentMenuTree, currentRouter } from './current-menu.service';

/** The signed-in user's own menu and routes: open to every signed-in user, filtered by their roles. */
export async function currentMenuRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, CURRENT_MENU_ROUTES, CURRENT_MENU_ROUTE_SCHEMAS, ['system/menu']);

  route('tree', {}, (r) => currentMenuTree(db, requireAuth(r), r.lang));
  route('router', {}, (r) => currentRouter(db, requireAuth(r), r.lang));
}
