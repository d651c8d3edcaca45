import { APP_VERSION } from '@agent-console/contracts';
import { HEALTH_ROUTE_SCHEMAS, HEALTH_ROUTES } from '@agent-console/contracts/health';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { serveRoutes } from '../../../http/serve-routes';
import { readyRoutes } from './ready.routes';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  const route = serveRoutes(app, HEALTH_ROUTES, HEALTH_ROUTE_SCHEMAS, ['health']);
  route('health', { public: true }, async (request) => {
    let database: 'up' | 'down' = 'up';
    try {
      await deps.database.sql.query('SELECT 1');
    } catch (err) {
      request.log.warn({ err }, 'health: database did not answer');
      database = 'down';
    }
    return {
      status: database === 'up' ? ('ok' as const) : ('degraded' as const),
      database,
      driver: deps.database.driver,
      version: APP_VERSION,
    };
  });
  // Readiness (/api/ready) beside this liveness check.
  await readyRoutes(app, deps);
}
