import type {
  DictEntryInput,
  DictEntryPageQuery,
  DictTypeInput,
  DictTypePageQuery,
} from '@agent-console/contracts/system-dict';
import { DICT_ROUTES as R } from '@agent-console/contracts/system-dict-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';
import { useDictStore } from '../../../platform/stores/dict-store';

export const dictApi = {
  typePage: (body: DictTypePageQuery) => call(R.page, { body }),
  saveType: (body: DictTypeInput) => call(R.save, { body }, { silent: true }),
  updateType: (id: number, body: DictTypeInput) => call(R.update, { params: { id }, body }, { silent: true }),
  deleteTypes: (ids: number[]) => call(R.remove, { body: { ids } }),
  entryPage: (body: DictEntryPageQuery) => call(R.entryPage, { body }),
  saveEntry: (body: DictEntryInput) => call(R.entrySave, { body }, { silent: true }),
  updateEntry: (id: number, body: DictEntryInput) => call(R.entryUpdate, { params: { id }, body }, { silent: true }),
  deleteEntries: (ids: number[]) => call(R.entryRemove, { body: { ids } }),
  cacheUpdate: () => call(R.cacheUpdate),
  cacheGet: () => call(R.cacheGet),
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
