import type { PageResult, QaImport, QaPageQuery, QaRecord, QaSaveBody } from '@agent-console/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { downloadPost } from '../api/download';
import { downloadGet } from '../api/oss';

const BASE = '/api/v3/qa-file';

export interface QaSource {
  id: number;
  name: string;
  enabled: boolean;
}

export const qaApi = {
  page: (body: QaPageQuery) => api.post<PageResult<QaRecord>>(`${BASE}/qaPage`, body),
  save: (body: QaSaveBody) => api.post<QaRecord>(`${BASE}/qaSave`, body, { silent: true }),
  remove: (ids: number[]) => api.post<{ affected: number }>(`${BASE}/extDelete`, { ids }),
  sources: () => api.get<QaSource[]>(`${BASE}/getFileName`),
  template: () => downloadGet(`${BASE}/templateDownload`),
  export: (body: { fileId?: number; keyword?: string }) => downloadPost(`${BASE}/export`, body),
  /** Starts an import; fields come before the file so the server has them when the file streams. */
  startImport: (file: File, source: { fileId?: number; newFileName?: string }) => {
    const form = new FormData();
    if (source.fileId) form.append('fileId', String(source.fileId));
    if (source.newFileName) form.append('newFileName', source.newFileName);
    form.append('file', file, file.name);
    return api.post<QaImport>(`${BASE}/upload`, form);
  },
  importStatus: (id: number) => api.get<QaImport>(`${BASE}/import/${id}`),
};

export const qaKeys = { all: ['qa'] as const };

export function useQaPage(query: QaPageQuery) {
  return useQuery({
    queryKey: [...qaKeys.all, 'page', query],
    queryFn: () => qaApi.page(query),
    placeholderData: keepPreviousData,
  });
}

export function useQaSources() {
  return useQuery({ queryKey: [...qaKeys.all, 'sources'], queryFn: qaApi.sources });
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
