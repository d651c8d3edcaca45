import type { RoleUsage, UsageDashboard, UsageQuotaInput, UsageTrendPoint } from '@agent-console/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const BASE = '/api/v3/dashboard';

export const usageApi = {
  // Each panel shows its own load failure in place, so none of them raises a toast.
  dashboard: (customerId: number) =>
    api.get<UsageDashboard>(`${BASE}/getCompanyUsageDashboard?customerId=${customerId}`, { silent: true }),
  roles: (customerId: number) =>
    api.get<RoleUsage[]>(`${BASE}/getRoleUsageStatistics?customerId=${customerId}`, { silent: true }),
  trend: (customerId: number) =>
    api.get<UsageTrendPoint[]>(`${BASE}/getUsageTrendStatistics?customerId=${customerId}`, { silent: true }),
  setQuota: (body: UsageQuotaInput) => api.post<UsageDashboard>(`${BASE}/setQuota`, body, { silent: true }),
};

export const usageKeys = {
  all: ['usage'] as const,
  dashboard: (customerId: number) => ['usage', 'dashboard', customerId] as const,
  roles: (customerId: number) => ['usage', 'roles', customerId] as const,
  trend: (customerId: number) => ['usage', 'trend', customerId] as const,
};

const noRetry = { retry: false } as const;

export function useUsageDashboard(customerId: number | undefined) {
  return useQuery({
    queryKey: usageKeys.dashboard(customerId ?? 0),
    queryFn: () => usageApi.dashboard(customerId as number),
    enabled: customerId !== undefined,
    ...noRetry,
  });
}

export function useRoleUsage(customerId: number | undefined) {
  return useQuery({
    queryKey: usageKeys.roles(customerId ?? 0),
    queryFn: () => usageApi.roles(customerId as number),
    enabled: customerId !== undefined,
    ...noRetry,
  });
}

export function useUsageTrend(customerId: number | undefined) {
  return useQuery({
    queryKey: usageKeys.trend(customerId ?? 0),
    queryFn: () => usageApi.trend(customerId as number),
    enabled: customerId !== undefined,
    ...noRetry,
  });
}

export function useSetQuota() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: usageApi.setQuota,
    onSuccess: (cards) => {
      client.setQueryData(usageKeys.dashboard(cards.customerId), cards);
      void client.invalidateQueries({ queryKey: usageKeys.all });
    },
  });
}
