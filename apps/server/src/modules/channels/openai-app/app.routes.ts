import { APP_INFO_PERMISSIONS } from '@agent-console/contracts';
import { APP_INFO_ROUTE_SCHEMAS, APP_INFO_ROUTES } from '@agent-console/contracts/app-info';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import {
  createApp,
  deleteApp,
  listAppOptions,
  loadApp,
  pageApps,
  rotateAppKey,
  rotateWidgetKey,
  updateApp,
} from '../../config/app-config/app.service';
import { suggestPort } from '../../config/app-config/app-port';
import { appRuntimeOf } from './runtime/runtime-of';

const P = APP_INFO_PERMISSIONS;

/** Apps: SPEC §7 "Apps", WAVE2 §4 and §15.3. */
export async function appRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const runtime = appRuntimeOf(deps);
  const route = serveRoutes(app, APP_INFO_ROUTES, APP_INFO_ROUTE_SCHEMAS, ['app/info']);

  route('page', { permission: P.list }, (r) => pageApps(db, requireAuth(r), r.body, r.lang));
  // The pickers of the configuration and AI screens need the list without the app screen's
  // permission; it holds only names and states, within the caller's data scope.
  route('options', {}, (r) => listAppOptions(db, requireAuth(r), r.query.customerId));
  route('save', { permission: P.add }, (r, reply) => {
    reply.header('cache-control', 'no-store');
    return createApp(db, runtime, requireAuth(r), r.body, r.lang);
  });
  route('update', { permission: P.edit }, (r) => updateApp(db, runtime, requireAuth(r), r.params.id, r.body, r.lang));
  // Suggesting a port serves the create and edit dialogs; it reveals only that a port is free.
  route('port', { permission: P.list }, async () => ({ port: await suggestPort(db, runtime.host, runtime.ports) }));
  route('start', { permission: P.start }, async (r) => {
    await loadApp(db, requireAuth(r), r.params.id);
    return runtime.start(r.params.id);
  });
  route('stop', { permission: P.stop }, async (r) => {
    await loadApp(db, requireAuth(r), r.params.id);
    return runtime.stop(r.params.id);
  });
  route('remove', { permission: P.remove }, async (r) => ({
    affected: await deleteApp(db, runtime, requireAuth(r), r.params.id),
  }));
  route('rotateKey', { permission: P.key }, (r, reply) => {
    reply.header('cache-control', 'no-store');
    return rotateAppKey(db, requireAuth(r), r.params.id);
  });
  route('rotateWidgetKey', { permission: P.key }, (r) => rotateWidgetKey(db, requireAuth(r), r.params.id));
}
