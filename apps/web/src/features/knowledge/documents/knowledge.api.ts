import type { KnowledgeFilePageQuery } from '@agent-console/contracts';
import { KNOWLEDGE_ROUTES as R } from '@agent-console/contracts/knowledge';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';
import { uploadFile } from '../../../platform/api/oss';

export type BatchAction = 'enable' | 'disable' | 'move' | 'recycle' | 'restore' | 'purge';

export const knowledgeApi = {
  page: (body: KnowledgeFilePageQuery) => call(R.page, { body }),
  /** Upload (type and size checked by the server), then register the document; processing starts. */
  /** Into the customer's knowledge (the stored file is that customer's, counted in its quota). */
  upload: async (file: File, customerId: number | undefined, folderId?: number) => {
    const stored = await uploadFile(file, 'knowledge', customerId);
    return call(R.save, { body: { objectId: stored.id, ...(folderId ? { folderId } : {}) } });
  },
  update: (id: number, body: { name?: string; folderId?: number; enabled?: boolean }) =>
    call(R.update, { params: { id }, body }, { silent: true }),
  batch: (ids: number[], action: BatchAction, folderId?: number) =>
    call(R.batch, { body: { ids, action, ...(folderId ? { folderId } : {}) } }),
  recycle: (id: number) => call(R.recycle, { params: { id } }),
  retry: (id: number) => call(R.retry, { params: { id } }),
  folders: (customerId?: number) => call(R.folderTree, { query: customerId ? { customerId } : {} }),
  saveFolder: (name: string, parentId?: number) =>
    call(R.folderSave, { body: { name, ...(parentId ? { parentId } : {}) } }, { silent: true }),
  renameFolder: (id: number, name: string) =>
    call(R.folderUpdate, { params: { id }, body: { name } }, { silent: true }),
  deleteFolder: (id: number) => call(R.folderRemove, { params: { id } }),
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

export function useKnowledgeFolders(customerId: number | undefined) {
  return useQuery({
    queryKey: [...knowledgeKeys.all, 'folders', customerId ?? null],
    queryFn: () => knowledgeApi.folders(customerId),
  });
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
