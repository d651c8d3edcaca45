import { EXPORT_ROW_LIMIT, PERMISSIONS } from '@agent-console/contracts';
import { METRICS_ROUTES as R, METRICS_ROUTE_SCHEMAS as S } from '@agent-console/contracts/metrics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { serveRoutes } from '../../../http/serve-routes';
import { exportFileName } from '../../../lib/xlsx-export';
import { metricsDashboard } from './dashboard.service';
import { SESSION_EXPORT_NAME, sessionColumns } from './metrics-export';
import { pageSessionMetrics, sessionMetricsExportBatches } from './session-metrics.service';

const tags = ['metrics'];

/** Customer session metrics and the metrics dashboard (WAVE2 §9, §15.7; docs/metrics.md). */
export async function metricsRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const route = serveRoutes(fastify, R, S, tags);

  route('sessionPage', { permission: PERMISSIONS.metricsSession.list }, (r) =>
    pageSessionMetrics(db, requireAuth(r), r.body),
  );

  // The export answers with a file: registered by hand at the table's path.
  app.post(
    R.sessionExport.path,
    {
      config: { permission: PERMISSIONS.metricsSession.export },
      schema: { tags, summary: S.sessionExport.summary, body: S.sessionExport.body },
    },
    (request, reply) =>
      sendXlsx(request, reply, () => ({
        fileName: exportFileName(SESSION_EXPORT_NAME, request.lang),
        sheetName: SESSION_EXPORT_NAME[request.lang],
        columns: sessionColumns(request.lang),
        batches: sessionMetricsExportBatches(db, requireAuth(request), request.body, EXPORT_ROW_LIMIT),
      })),
  );

  route('dashboard', { permission: PERMISSIONS.metricsDashboard.view }, (r) =>
    metricsDashboard(db, requireAuth(r), r.query),
  );
}
