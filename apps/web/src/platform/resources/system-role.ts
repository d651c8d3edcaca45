import { ROLE_ROUTES as R, type RolePageQuery, type RoleSave } from '@agent-console/contracts/system-role';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { usePageQuery, useRefreshingMutation } from './list-query';

export const roleApi = {
  page: (body: RolePageQuery) => call(R.page, { body }),
  list: () => call(R.options),
  info: (id: number) => call(R.info, { params: { id } }),
  save: (body: RoleSave) => call(R.save, { body }, { silent: true }),
  update: (id: number, body: RoleSave) => call(R.update, { params: { id }, body }, { silent: true }),
  updatePermissions: (id: number, menuIds: number[]) =>
    call(R.updatePermissions, { params: { id }, body: { menuIds } }),
  remove: (ids: number[]) => call(R.remove, { body: { ids } }),
};

export const roleKeys = { all: ['system', 'role'] as const };

export function useRolePage(query: RolePageQuery) {
  return usePageQuery([...roleKeys.all, 'page'], roleApi.page, query);
}

export function useRoleOptions(enabled = true) {
  return useQuery({ queryKey: [...roleKeys.all, 'options'], queryFn: roleApi.list, enabled });
}

export function useRoleMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(roleKeys.all, fn, { affectsAccess: true });
}
