import { CURRENT_USER_ROUTE_SCHEMAS, CURRENT_USER_ROUTES } from '@agent-console/contracts/system-user-current';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { getCurrentUser } from './current-user.service';

export async function currentUserRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, CURRENT_USER_ROUTES, CURRENT_USER_ROUTE_SCHEMAS, ['system/user']);

  route('info', {}, (r) => getCurrentUser(db, requireAuth(r), r.lang));
}
