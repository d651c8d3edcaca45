import type { PageResult, Role, RoleDetail, RoleOption, RolePageQuery, RoleSave } from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { usePageQuery, useRefreshingMutation } from './list-query';

const BASE = '/api/v3/system/role';

export const roleApi = {
  page: (body: RolePageQuery) => api.post<PageResult<Role>>(`${BASE}/page`, body),
  list: () => api.post<RoleOption[]>(`${BASE}/list`, {}),
  info: (id: number) => api.get<RoleDetail>(`${BASE}/info/${id}`),
  save: (body: RoleSave) => api.post<RoleDetail>(`${BASE}/save`, body, { silent: true }),
  update: (id: number, body: RoleSave) => api.post<RoleDetail>(`${BASE}/update/${id}`, body, { silent: true }),
  updatePermissions: (id: number, menuIds: number[]) =>
    api.post<RoleDetail>(`${BASE}/permission/update/${id}`, { menuIds }),
  remove: (ids: number[]) => api.post<null>(`${BASE}/delete`, { ids }),
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
