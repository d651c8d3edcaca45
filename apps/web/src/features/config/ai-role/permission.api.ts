import type {
  PageResult,
  Permission,
  PermissionNode,
  PermissionPageQuery,
  PermissionSave,
} from '@agent-console/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';
import { useMenuStore } from '../../../platform/stores/menu-store';

const BASE = '/api/v3/permission';

export const permissionApi = {
  menuTree: () => api.get<PermissionNode[]>(`${BASE}/menu/tree`),
  page: (menuId: number, body: PermissionPageQuery) =>
    api.post<PageResult<Permission>>(`${BASE}/menu/page/${menuId}`, body),
  save: (body: PermissionSave) => api.post<Permission>(`${BASE}/save`, body, { silent: true }),
  update: (id: number, body: PermissionSave) => api.post<Permission>(`${BASE}/update/${id}`, body, { silent: true }),
  remove: (id: number) => api.get<null>(`${BASE}/delete/${id}`),
};

export const permissionKeys = { all: ['permission'] as const };

export function usePermissionMenuTree() {
  return useQuery({ queryKey: [...permissionKeys.all, 'menu-tree'], queryFn: permissionApi.menuTree });
}

export function usePermissionPage(menuId: number | undefined, query: PermissionPageQuery) {
  return useQuery({
    queryKey: [...permissionKeys.all, menuId, query],
    queryFn: () => permissionApi.page(menuId ?? 0, query),
    placeholderData: keepPreviousData,
    enabled: !!menuId,
  });
}

export function usePermissionMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: permissionKeys.all }),
        client.invalidateQueries({ queryKey: ['system'] }),
        useMenuStore.getState().sync(),
      ]),
  });
}
