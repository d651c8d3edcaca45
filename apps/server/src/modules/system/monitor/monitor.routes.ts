import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { loginLogRoutes } from './login-log.routes';
import { modelStatusRoutes } from './model-status.routes';
import { onlineRoutes } from './online.routes';
import { operationLogRoutes } from './operation-log.routes';

/** Monitoring (SPEC §7): online users, operation log, login log; the language-model services (issue 33). */
export async function monitorRoutes(app: FastifyInstance, deps: AppDeps) {
  await onlineRoutes(app, deps);
  await operationLogRoutes(app, deps);
  await loginLogRoutes(app, deps);
  await modelStatusRoutes(app, deps);
}
