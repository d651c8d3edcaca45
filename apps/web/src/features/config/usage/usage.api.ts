import type { UsageQuotaInput } from '@agent-console/contracts';
import { USAGE_ROUTES as R } from '@agent-console/contracts/usage';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';

/** The customer of a usage read; undefined: "All my customers" (every customer of the caller's scope). */
type Customer = number | undefined;
const of = (customerId: Customer) => ({ query: { customerId } });

export const usageApi = {
  // Each panel shows its own load failure in place, so none of them raises a toast.
  dashboard: (customerId: Customer) => call(R.dashboard, of(customerId), { silent: true }),
  roles: (customerId: Customer) => call(R.roles, of(customerId), { silent: true }),
  trend: (customerId: Customer) => call(R.trend, of(customerId), { silent: true }),
  setQuota: (body: UsageQuotaInput) => call(R.setQuota, { body }, { silent: true }),
};

const keyOf = (customerId: Customer | null) => customerId ?? 'all';

export const usageKeys = {
  all: ['usage'] as const,
  dashboard: (customerId: Customer | null) => ['usage', 'dashboard', keyOf(customerId)] as const,
  roles: (customerId: Customer) => ['usage', 'roles', keyOf(customerId)] as const,
  trend: (customerId: Customer) => ['usage', 'trend', keyOf(customerId)] as const,
};

const noRetry = { retry: false } as const;

export function useUsageDashboard(customerId: Customer) {
  return useQuery({
    queryKey: usageKeys.dashboard(customerId),
    queryFn: () => usageApi.dashboard(customerId),
    ...noRetry,
  });
}

export function useRoleUsage(customerId: Customer) {
  return useQuery({
    queryKey: usageKeys.roles(customerId),
    queryFn: () => usageApi.roles(customerId),
    ...noRetry,
  });
}

export function useUsageTrend(customerId: Customer) {
  return useQuery({
    queryKey: usageKeys.trend(customerId),
    queryFn: () => usageApi.trend(customerId),
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
