import {
  type MetricsDashboard,
  type PageResult,
  PERMISSIONS,
  type SessionMetricsPageQuery,
  type SessionMetricsRow,
} from '@agent-console/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';
import { downloadPost } from '../../../platform/api/download';
import type { ListSource } from '../../../platform/resources/monitor';

const SESSION = '/api/v3/metrics/customer/session';

export const metricsKeys = { all: ['metrics'] as const };

/** The customer session metrics list as the list screen uses it: page and export with its filters. */
export const sessionMetrics: ListSource<SessionMetricsPageQuery, SessionMetricsRow> = {
  key: [...metricsKeys.all, 'sessions'],
  permissions: { export: PERMISSIONS.metricsSession.export },
  page: (body) => api.post<PageResult<SessionMetricsRow>>(`${SESSION}/list/page`, body),
  export: (body) => downloadPost(`${SESSION}/export`, body),
};

export interface DashboardRequest {
  customerId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

function dashboardUrl(q: DashboardRequest): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return `/api/v3/metrics/dashboard${query ? `?${query}` : ''}`;
}

/**
 * The metrics dashboard of one customer (no `customerId`: all of the caller's, rolled up) and a
 * period. While another customer or period loads, the figures shown stay until the new ones
 * arrive, rather than the screen dropping back to its loading state (and the charts with it).
 */
export function useMetricsDashboard(q: DashboardRequest) {
  return useQuery({
    queryKey: [...metricsKeys.all, 'dashboard', q.customerId ?? 'all', q.dateFrom ?? null, q.dateTo ?? null],
    queryFn: () => api.get<MetricsDashboard>(dashboardUrl(q)),
    placeholderData: keepPreviousData,
  });
}
