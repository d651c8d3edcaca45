import type {
  Job,
  JobHandlerInfo,
  JobInput,
  JobLog,
  JobLogPageQuery,
  JobPageQuery,
  KeysetPageResult,
  PageResult,
} from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { usePageQuery, useRefreshingMutation } from './list-query';

const BASE = '/api/v3/system/job';

export const jobApi = {
  page: (body: JobPageQuery) => api.post<PageResult<Job>>(`${BASE}/page`, body),
  list: () => api.post<Job[]>(`${BASE}/list`),
  save: (body: JobInput) => api.post<Job>(`${BASE}/save`, body, { silent: true }),
  update: (id: number, body: JobInput) => api.post<Job>(`${BASE}/update/${id}`, body, { silent: true }),
  setEnabled: (id: number, enabled: boolean) => api.post<Job>(`${BASE}/status/${id}`, { enabled }),
  remove: (ids: number[]) => api.post<null>(`${BASE}/delete`, { ids }),
  run: (id: number) => api.get<{ queued: boolean }>(`${BASE}/exec/${id}`),
  handlers: () => api.get<JobHandlerInfo[]>(`${BASE}/handlers`),
  /** Silent: the dialog shows an invalid expression under the field while the user types. */
  cronNext: (cron: string, signal?: AbortSignal) =>
    api.get<{ nextFireTimes: string[] }>(`${BASE}/cron/next?cron=${encodeURIComponent(cron)}`, {
      silent: true,
      signal,
    }),
  logPage: (body: JobLogPageQuery) => api.post<KeysetPageResult<JobLog>>(`${BASE}/log/page`, body),
};

export const jobKeys = {
  all: ['system', 'job'] as const,
  jobs: ['system', 'job', 'jobs'] as const,
  logs: ['system', 'job', 'logs'] as const,
  handlers: ['system', 'job', 'handlers'] as const,
};

export function useJobs(query: JobPageQuery) {
  return usePageQuery([...jobKeys.jobs], jobApi.page, query);
}

export function useJobHandlers() {
  return useQuery({ queryKey: jobKeys.handlers, queryFn: jobApi.handlers, staleTime: 5 * 60_000 });
}

/** Cron preview as the user types: the next five fire times, or the server's refusal. */
export function useCronPreview(cron: string) {
  const text = cron.trim();
  return useQuery({
    queryKey: [...jobKeys.all, 'cron', text],
    queryFn: ({ signal }) => jobApi.cronNext(text, signal),
    enabled: text.length > 0,
    retry: false,
    staleTime: 30_000,
  });
}

/** Any change to jobs refreshes jobs and their logs (a run adds a log row). */
export function useJobMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(jobKeys.all, fn);
}
