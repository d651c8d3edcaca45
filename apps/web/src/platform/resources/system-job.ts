import {
  type JobInput,
  type JobLogPageQuery,
  type JobPageQuery,
  JOB_ROUTES as R,
} from '@agent-console/contracts/system-job';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { usePageQuery, useRefreshingMutation } from './list-query';

export const jobApi = {
  page: (body: JobPageQuery) => call(R.page, { body }),
  list: () => call(R.list),
  save: (body: JobInput) => call(R.save, { body }, { silent: true }),
  update: (id: number, body: JobInput) => call(R.update, { params: { id }, body }, { silent: true }),
  setEnabled: (id: number, enabled: boolean) => call(R.status, { params: { id }, body: { enabled } }),
  remove: (ids: number[]) => call(R.remove, { body: { ids } }),
  run: (id: number) => call(R.run, { params: { id } }),
  handlers: () => call(R.handlers),
  /** Silent: the job screen says a failure in the section itself, with a retry. */
  builtin: () => call(R.builtin, {}, { silent: true }),
  /** Silent: the dialog shows an invalid expression under the field while the user types. */
  cronNext: (cron: string, signal?: AbortSignal) => call(R.cronNext, { query: { cron } }, { silent: true, signal }),
  logPage: (body: JobLogPageQuery) => call(R.logPage, { body }),
};

export const jobKeys = {
  all: ['system', 'job'] as const,
  jobs: ['system', 'job', 'jobs'] as const,
  logs: ['system', 'job', 'logs'] as const,
  handlers: ['system', 'job', 'handlers'] as const,
  builtin: ['system', 'job', 'builtin'] as const,
};

export function useJobs(query: JobPageQuery) {
  return usePageQuery([...jobKeys.jobs], jobApi.page, query);
}

export function useJobHandlers() {
  return useQuery({ queryKey: jobKeys.handlers, queryFn: jobApi.handlers, staleTime: 5 * 60_000 });
}

/** The schedules pg-boss fires by itself (the queue catalogue's), shown read-only under the jobs. */
export function useBuiltinSchedules() {
  // They may fire every minute: the next run shown is kept current while the screen is open.
  return useQuery({ queryKey: jobKeys.builtin, queryFn: jobApi.builtin, refetchInterval: 60_000 });
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
