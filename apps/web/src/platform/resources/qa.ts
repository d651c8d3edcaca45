import type { QaImport, QaPageQuery, QaSaveBody } from '@agent-console/contracts';
import { QA_ROUTES as R } from '@agent-console/contracts/knowledge';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/call';
import { api } from '../api/client';
import { downloadPost } from '../api/download';
import { downloadGet } from '../api/oss';

export interface QaSource {
  id: number;
  name: string;
  enabled: boolean;
}

export const qaApi = {
  page: (body: QaPageQuery) => call(R.page, { body }),
  save: (body: QaSaveBody) => call(R.save, { body }, { silent: true }),
  remove: (ids: number[]) => call(R.remove, { body: { ids } }),
  sources: (customerId?: number) => call(R.sources, { query: customerId ? { customerId } : {} }),
  template: () => downloadGet(R.template.path),
  export: (body: { customerId?: number | undefined; fileId?: number | undefined; keyword?: string | undefined }) =>
    downloadPost(R.export.path, body),
  /** Starts an import; fields come before the file so the server has them when the file streams. */
  startImport: (file: File, source: { fileId?: number; newFileName?: string; customerId?: number | undefined }) => {
    const form = new FormData();
    if (source.customerId) form.append('customerId', String(source.customerId));
    if (source.fileId) form.append('fileId', String(source.fileId));
    if (source.newFileName) form.append('newFileName', source.newFileName);
    form.append('file', file, file.name);
    return api.post<QaImport>(R.upload.path, form);
  },
  importStatus: (id: number) => call(R.importStatus, { params: { id } }),
};

export const qaKeys = { all: ['qa'] as const };

export function useQaPage(query: QaPageQuery) {
  return useQuery({
    queryKey: [...qaKeys.all, 'page', query],
    queryFn: () => qaApi.page(query),
    placeholderData: keepPreviousData,
  });
}

/** The documents QA may be filed under: of one customer when given, else of every customer in scope. */
export function useQaSources(customerId?: number) {
  return useQuery({
    queryKey: [...qaKeys.all, 'sources', customerId ?? null],
    queryFn: () => qaApi.sources(customerId),
  });
}

/** Polls an import every second until it is completed or failed. */
export function useQaImport(id: number | null) {
  return useQuery({
    queryKey: [...qaKeys.all, 'import', id],
    queryFn: () => qaApi.importStatus(id ?? 0),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && ['completed', 'failed'].includes(q.state.data.status) ? false : 1000),
  });
}

export function useQaMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: qaKeys.all });
      await client.invalidateQueries({ queryKey: ['knowledge'] });
    },
  });
}
