import {
  METRICS_SESSION_PERMISSIONS,
  type SessionMetricsPageQuery,
  type SessionMetricsRow,
} from '@agent-console/contracts';
import { METRICS_ROUTES as R } from '@agent-console/contracts/metrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';
import { downloadPost } from '../../../platform/api/download';
import type { ListSource } from '../../../platform/resources/monitor';

export const metricsKeys = { all: ['metrics'] as const };

/** The customer session metrics list as the list screen uses it: page and export with its filters. */
export const sessionMetrics: ListSource<SessionMetricsPageQuery, SessionMetricsRow> = {
  key: [...metricsKeys.all, 'sessions'],
  permissions: { export: METRICS_SESSION_PERMISSIONS.export },
  page: (body) => call(R.sessionPage, { body }),
  export: (body) => downloadPost(R.sessionExport.path, body),
};

export interface DashboardRequest {
  customerId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** The dashboard's query; an empty date is left out, as the server reads it as absent. */
const dashboardQuery = (q: DashboardRequest) => ({
  customerId: q.customerId,
  dateFrom: q.dateFrom || undefined,
  dateTo: q.dateTo || undefined,
});

/**
 * The metrics dashboard of one customer (no `customerId`: all of the caller's, rolled up) and a
 * period. While another customer or period loads, the figures shown stay until the new ones
 * arrive, rather than the screen dropping back to its loading state (and the charts with it).
 */
export function useMetricsDashboard(q: DashboardRequest) {
  return useQuery({
    queryKey: [...metricsKeys.all, 'dashboard', q.customerId ?? 'all', q.dateFrom ?? null, q.dateTo ?? null],
    queryFn: () => call(R.dashboard, { query: dashboardQuery(q) }),
    placeholderData: keepPreviousData,
  });
}
