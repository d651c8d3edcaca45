import type {
  AppItemListQuery,
  AppItemSave,
  AppItemUpdate,
  AppNamespacePageQuery,
  AppNamespaceSave,
  AppNamespaceUpdate,
} from '@agent-console/contracts';
import { APP_CONFIG_ROUTES as R } from '@agent-console/contracts/app-config';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';
import { downloadPost } from '../../../platform/api/download';
import { useRefreshingMutation } from '../../../platform/resources/list-query';

/** The configuration centre: an app's namespaces and their items (SPEC §7 "Namespace", "Item"). */
export const appConfigApi = {
  namespacePage: (body: AppNamespacePageQuery) => call(R.namespacePage, { body }),
  saveNamespace: (body: AppNamespaceSave) => call(R.namespaceSave, { body }, { silent: true }),
  updateNamespace: (id: number, body: AppNamespaceUpdate) =>
    call(R.namespaceUpdate, { params: { id }, body }, { silent: true }),
  deleteNamespace: (id: number) => call(R.namespaceRemove, { params: { id } }),
  items: (body: AppItemListQuery) => call(R.itemList, { body }),
  saveItem: (body: AppItemSave) => call(R.itemSave, { body }, { silent: true }),
  updateItem: (id: number, body: AppItemUpdate) => call(R.itemUpdate, { params: { id }, body }, { silent: true }),
  deleteItem: (id: number) => call(R.itemRemove, { params: { id } }),
  exportItems: (body: AppItemListQuery) => downloadPost(R.itemExport.path, body),
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
