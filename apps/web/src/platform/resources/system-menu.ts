import type { Menu, MenuNode, MenuSave, PermissionNode } from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useRefreshingMutation } from './list-query';

const BASE = '/api/v3/system/menu';

export interface MenuTreeFilter {
  title?: string;
  enabled?: 'true' | 'false';
}

export const menuAdminApi = {
  tree: (filter: MenuTreeFilter = {}) => {
    const params = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
    const qs = params.toString();
    return api.get<MenuNode[]>(`${BASE}/tree${qs ? `?${qs}` : ''}`);
  },
  permissionTree: () => api.get<PermissionNode[]>(`${BASE}/permission/tree`),
  save: (body: MenuSave) => api.post<Menu>(`${BASE}/save`, body, { silent: true }),
  update: (id: number, body: MenuSave) => api.post<Menu>(`${BASE}/update/${id}`, body, { silent: true }),
  remove: (id: number) => api.get<null>(`${BASE}/delete/${id}`),
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
