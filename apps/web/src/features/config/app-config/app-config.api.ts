import type {
  AppItem,
  AppItemDeleteResult,
  AppItemListQuery,
  AppItemSave,
  AppItemUpdate,
  AppNamespace,
  AppNamespaceDeleteResult,
  AppNamespacePageQuery,
  AppNamespaceSave,
  AppNamespaceUpdate,
  PageResult,
} from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';
import { downloadPost } from '../../../platform/api/download';
import { useRefreshingMutation } from '../../../platform/resources/list-query';

const NAMESPACE = '/api/v3/app/namespace';
const ITEM = '/api/v3/app/item';

/** The configuration centre: an app's namespaces and their items (SPEC §7 "Namespace", "Item"). */
export const appConfigApi = {
  namespacePage: (body: AppNamespacePageQuery) => api.post<PageResult<AppNamespace>>(`${NAMESPACE}/list/page`, body),
  saveNamespace: (body: AppNamespaceSave) => api.post<AppNamespace>(`${NAMESPACE}/save`, body, { silent: true }),
  updateNamespace: (id: number, body: AppNamespaceUpdate) =>
    api.post<AppNamespace>(`${NAMESPACE}/update/${id}`, body, { silent: true }),
  deleteNamespace: (id: number) => api.get<AppNamespaceDeleteResult>(`${NAMESPACE}/deleteByNamespaceId/${id}`),
  items: (body: AppItemListQuery) => api.post<AppItem[]>(`${ITEM}/list`, body),
  saveItem: (body: AppItemSave) => api.post<AppItem>(`${ITEM}/save`, body, { silent: true }),
  updateItem: (id: number, body: AppItemUpdate) => api.post<AppItem>(`${ITEM}/update/${id}`, body, { silent: true }),
  deleteItem: (id: number) => api.get<AppItemDeleteResult>(`${ITEM}/delete/${id}`),
  exportItems: (body: AppItemListQuery) => downloadPost(`${ITEM}/export`, body),
};

/** Namespaces and items share one key: deleting a namespace or saving an item changes both lists' counts. */
export const appConfigKeys = { all: ['app', 'config'] as const };

/**
 * One page of an app's namespaces; nothing is asked before an app is chosen. The previous page
 * stays on screen while the next loads, but never another app's namespaces.
 */
export function useNamespacePage(query: AppNamespacePageQuery | null) {
  return useQuery({
    queryKey: [...appConfigKeys.all, 'namespaces', query],
    queryFn: () => appConfigApi.namespacePage(query as AppNamespacePageQuery),
    enabled: !!query,
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as AppNamespacePageQuery | null)?.appId === query?.appId ? previous : undefined,
  });
}

/** The items of the chosen namespace (not paged); a new keyword keeps the rows shown until it answers. */
export function useItems(query: AppItemListQuery | null) {
  return useQuery({
    queryKey: [...appConfigKeys.all, 'items', query],
    queryFn: () => appConfigApi.items(query as AppItemListQuery),
    enabled: !!query,
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as AppItemListQuery | null)?.namespaceId === query?.namespaceId
        ? previous
        : undefined,
  });
}

export function useAppConfigMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(appConfigKeys.all, fn);
}
