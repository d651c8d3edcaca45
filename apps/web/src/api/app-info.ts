import type { AppOption } from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

const BASE = '/api/v3/app/info';

export const appInfoApi = {
  list: (customerId?: number) =>
    api.get<AppOption[]>(`${BASE}/getList${customerId ? `?customerId=${customerId}` : ''}`),
};

export const appInfoKeys = { all: ['app', 'info'] as const };

/** The apps a picker offers, optionally of one customer. */
export function useAppOptions(customerId?: number) {
  return useQuery({
    queryKey: [...appInfoKeys.all, 'options', customerId ?? null],
    queryFn: () => appInfoApi.list(customerId),
  });
}
