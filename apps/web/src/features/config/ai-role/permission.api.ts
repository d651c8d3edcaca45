import type { PermissionPageQuery, PermissionSave } from '@agent-console/contracts';
import { PERMISSION_ROUTES as R } from '@agent-console/contracts/system-permission';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';
import { useMenuStore } from '../../../platform/stores/menu-store';

export const permissionApi = {
  menuTree: () => call(R.menuTree),
  page: (menuId: number, body: PermissionPageQuery) => call(R.page, { params: { id: menuId }, body }),
  save: (body: PermissionSave) => call(R.save, { body }, { silent: true }),
  update: (id: number, body: PermissionSave) => call(R.update, { params: { id }, body }, { silent: true }),
  remove: (id: number) => call(R.remove, { params: { id } }),
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
