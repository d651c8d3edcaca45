import { type MenuSave, MENU_ROUTES as R } from '@agent-console/contracts/system-menu';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { useRefreshingMutation } from './list-query';

export interface MenuTreeFilter {
  title?: string;
  enabled?: 'true' | 'false';
}

export const menuAdminApi = {
  /** An empty filter field is left out of the query rather than sent empty. */
  tree: (filter: MenuTreeFilter = {}) =>
    call(R.tree, { query: { title: filter.title || undefined, enabled: filter.enabled || undefined } }),
  permissionTree: () => call(R.permissionTree),
  save: (body: MenuSave) => call(R.save, { body }, { silent: true }),
  update: (id: number, body: MenuSave) => call(R.update, { params: { id }, body }, { silent: true }),
  remove: (id: number) => call(R.remove, { params: { id } }),
};

export const menuAdminKeys = { all: ['system', 'menu-admin'] as const };

export function useMenuTree(filter: MenuTreeFilter, enabled = true) {
  return useQuery({
    queryKey: [...menuAdminKeys.all, 'tree', filter],
    queryFn: () => menuAdminApi.tree(filter),
    enabled,
  });
}

export function usePermissionTree(enabled = true) {
  return useQuery({
    queryKey: [...menuAdminKeys.all, 'permission-tree'],
    queryFn: menuAdminApi.permissionTree,
    enabled,
  });
}

export function useMenuMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(['system'], fn, { affectsAccess: true });
}
