import { EXPORT_ROW_LIMIT, METRICS_DASHBOARD_PERMISSIONS, METRICS_SESSION_PERMISSIONS } from '@agent-console/contracts';
import { METRICS_ROUTES as R, METRICS_ROUTE_SCHEMAS as S } from '@agent-console/contracts/metrics';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveExport, serveRoutes } from '../../../http/serve-routes';
import { namedXlsxFile } from '../../../lib/xlsx-export';
import { metricsDashboard } from './dashboard.service';
import { SESSION_EXPORT_NAME, sessionColumns } from './metrics-export';
import { pageSessionMetrics, sessionMetricsExportBatches } from './session-metrics.service';

const tags = ['metrics'];

/** Customer session metrics and the metrics dashboard (WAVE2 §9, §15.7; docs/metrics.md). */
export async function metricsRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(fastify, R, S, tags);

  route('sessionPage', { permission: METRICS_SESSION_PERMISSIONS.list }, (r) =>
    pageSessionMetrics(db, requireAuth(r), r.body),
  );

  serveExport(
    fastify,
    R.sessionExport,
    S.sessionExport,
    tags,
    { permission: METRICS_SESSION_PERMISSIONS.export },
    (r) =>
      namedXlsxFile(
        SESSION_EXPORT_NAME,
        r.lang,
        sessionColumns(r.lang),
        sessionMetricsExportBatches(db, requireAuth(r), r.body, EXPORT_ROW_LIMIT),
      ),
  );

  route('dashboard', { permission: METRICS_DASHBOARD_PERMISSIONS.view }, (r) =>
    metricsDashboard(db, requireAuth(r), r.query),
  );
}
