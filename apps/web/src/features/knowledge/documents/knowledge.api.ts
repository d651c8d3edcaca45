import type { KnowledgeFile, KnowledgeFilePageQuery, KnowledgeFolder, PageResult } from '@agent-console/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';
import { uploadFile } from '../../../platform/api/oss';

const BASE = '/api/v3/knowledge';

export type BatchAction = 'enable' | 'disable' | 'move' | 'recycle' | 'restore' | 'purge';

export const knowledgeApi = {
  page: (body: KnowledgeFilePageQuery) => api.post<PageResult<KnowledgeFile>>(`${BASE}/file/list/page`, body),
  /** Upload (type and size checked by the server), then register the document; processing starts. */
  upload: async (file: File, folderId?: number) => {
    const stored = await uploadFile(file, 'knowledge');
    return api.post<KnowledgeFile>(`${BASE}/save`, { objectId: stored.id, ...(folderId ? { folderId } : {}) });
  },
  update: (id: number, body: { name?: string; folderId?: number; enabled?: boolean }) =>
    api.post<KnowledgeFile>(`${BASE}/update/${id}`, body, { silent: true }),
  batch: (ids: number[], action: BatchAction, folderId?: number) =>
    api.post<{ affected: number }>(`${BASE}/batch/update`, { ids, action, ...(folderId ? { folderId } : {}) }),
  recycle: (id: number) => api.get<{ affected: number }>(`${BASE}/delete/${id}`),
  retry: (id: number) => api.post<KnowledgeFile>(`${BASE}/retry/${id}`),
  folders: () => api.get<KnowledgeFolder[]>(`${BASE}/folder/tree`),
  saveFolder: (name: string, parentId?: number) =>
    api.post<KnowledgeFolder>(`${BASE}/folder/save`, { name, ...(parentId ? { parentId } : {}) }, { silent: true }),
  renameFolder: (id: number, name: string) =>
    api.post<KnowledgeFolder>(`${BASE}/folder/update/${id}`, { name }, { silent: true }),
  deleteFolder: (id: number) => api.get<null>(`${BASE}/folder/delete/${id}`),
};

export const knowledgeKeys = { all: ['knowledge'] as const };

/** The list refreshes itself every 1.5 s while any document on the page is still processing. */
export function useKnowledgeFilePage(query: KnowledgeFilePageQuery) {
  return useQuery({
    queryKey: [...knowledgeKeys.all, 'files', query],
    queryFn: () => knowledgeApi.page(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((f) => f.processStatus === 'processing') ? 1500 : false),
  });
}

export function useKnowledgeFolders() {
  return useQuery({ queryKey: [...knowledgeKeys.all, 'folders'], queryFn: knowledgeApi.folders });
}

/** A knowledge write; documents, folders and QA sources are refreshed after it. */
export function useKnowledgeMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: knowledgeKeys.all });
      await client.invalidateQueries({ queryKey: ['qa'] });
    },
  });
}
