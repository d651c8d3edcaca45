import type {
  DictCache,
  DictEntry,
  DictEntryInput,
  DictEntryPageQuery,
  DictType,
  DictTypeInput,
  DictTypePageQuery,
  PageResult,
} from '@agent-console/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';
import { useDictStore } from '../../../platform/stores/dict-store';

const BASE = '/api/v3/system/dict';

export const dictApi = {
  typePage: (body: DictTypePageQuery) => api.post<PageResult<DictType>>(`${BASE}/page`, body),
  saveType: (body: DictTypeInput) => api.post<DictType>(`${BASE}/save`, body, { silent: true }),
  updateType: (id: number, body: DictTypeInput) => api.post<DictType>(`${BASE}/update/${id}`, body, { silent: true }),
  deleteTypes: (ids: number[]) => api.post<null>(`${BASE}/delete`, { ids }),
  entryPage: (body: DictEntryPageQuery) => api.post<PageResult<DictEntry>>(`${BASE}/entry/page`, body),
  saveEntry: (body: DictEntryInput) => api.post<DictEntry>(`${BASE}/entry/save`, body, { silent: true }),
  updateEntry: (id: number, body: DictEntryInput) =>
    api.post<DictEntry>(`${BASE}/entry/update/${id}`, body, { silent: true }),
  deleteEntries: (ids: number[]) => api.post<null>(`${BASE}/entry/delete`, { ids }),
  cacheUpdate: () => api.get<DictCache>(`${BASE}/cache/update`),
  cacheGet: () => api.get<DictCache>(`${BASE}/cache/get`),
};

export const dictKeys = {
  types: ['system', 'dict', 'types'] as const,
  entries: ['system', 'dict', 'entries'] as const,
};

export function useDictTypes(query: DictTypePageQuery) {
  return useQuery({
    queryKey: [...dictKeys.types, query],
    queryFn: () => dictApi.typePage(query),
    placeholderData: keepPreviousData,
  });
}

export function useDictEntries(query: DictEntryPageQuery, enabled = true) {
  return useQuery({
    queryKey: [...dictKeys.entries, query],
    queryFn: () => dictApi.entryPage(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * A change to types or entries: refresh both lists and the locally cached dictionaries, since
 * the server rebuilt its cache and other screens' labels may have changed.
 */
export function useDictMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['system', 'dict'] });
      await useDictStore.getState().refresh();
    },
  });
}
