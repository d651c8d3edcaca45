import {
  EXPORT_ROW_LIMIT,
  envelopeSchema,
  metricsDashboardQuerySchema,
  metricsDashboardSchema,
  PERMISSIONS,
  pageResultSchema,
  sessionMetricsPageQuerySchema,
  sessionMetricsRowSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendXlsx } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { exportFileName } from '../../../lib/xlsx-export';
import { metricsDashboard } from './dashboard.service';
import { SESSION_EXPORT_NAME, sessionColumns } from './metrics-export';
import { pageSessionMetrics, sessionMetricsExportBatches } from './session-metrics.service';

const SESSION = '/api/v3/metrics/customer/session';
const tags = ['metrics'];

/** Customer session metrics and the metrics dashboard (WAVE2 §9, §15.7; docs/metrics.md). */
export async function metricsRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${SESSION}/list/page`,
    {
      config: { permission: PERMISSIONS.metricsSession.list },
      schema: {
        tags,
        summary: 'Per contact: sessions, messages and first response in a period (default the last 7 days)',
        body: sessionMetricsPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(sessionMetricsRowSchema)) },
      },
    },
    async (request) => ok(await pageSessionMetrics(db, requireAuth(request), request.body)),
  );

  app.post(
    `${SESSION}/export`,
    {
      config: { permission: PERMISSIONS.metricsSession.export },
      schema: {
        tags,
        summary: `XLSX of the session metrics matching the filters (at most ${EXPORT_ROW_LIMIT} rows)`,
        body: sessionMetricsPageQuerySchema,
      },
    },
    (request, reply) =>
      sendXlsx(request, reply, () => ({
        fileName: exportFileName(SESSION_EXPORT_NAME, request.lang),
        sheetName: SESSION_EXPORT_NAME[request.lang],
        columns: sessionColumns(request.lang),
        batches: sessionMetricsExportBatches(db, requireAuth(request), request.body, EXPORT_ROW_LIMIT),
      })),
  );

  app.get(
    '/api/v3/metrics/dashboard',
    {
      config: { permission: PERMISSIONS.metricsDashboard.view },
      schema: {
        tags,
        summary:
          "KPIs, daily trend and top unanswered questions in a period: of one customer, or without customerId of every customer in the caller's scope",
        querystring: metricsDashboardQuerySchema,
        response: { 200: envelopeSchema(metricsDashboardSchema) },
      },
    },
    async (request) => ok(await metricsDashboard(db, requireAuth(request), request.query)),
  );
}
