import type { Dept, DeptNode, DeptPageQuery, DeptSave, InvitationCode, PageResult } from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { usePageQuery, useRefreshingMutation } from './list-query';

const BASE = '/api/v3/system/dept';

export const deptApi = {
  tree: () => api.get<DeptNode[]>(`${BASE}/tree/all`),
  all: () => api.get<Dept[]>(`${BASE}/allList`),
  page: (body: DeptPageQuery) => api.post<PageResult<Dept>>(`${BASE}/customer/list/page`, body),
  save: (body: DeptSave) => api.post<Dept>(`${BASE}/save`, body, { silent: true }),
  update: (id: number, body: DeptSave) => api.post<Dept>(`${BASE}/update/${id}`, body, { silent: true }),
  remove: (id: number) => api.get<null>(`${BASE}/delete/${id}`),
  invitation: (id: number) => api.get<InvitationCode>(`${BASE}/invitation/${id}`),
  rotateInvitation: (id: number) => api.post<InvitationCode>(`${BASE}/invitation/rotate/${id}`, {}),
};

export const deptKeys = { all: ['system', 'dept'] as const };

export function useDeptTree() {
  return useQuery({ queryKey: [...deptKeys.all, 'tree'], queryFn: deptApi.tree });
}

export function useDeptPage(query: DeptPageQuery) {
  return usePageQuery([...deptKeys.all, 'page'], deptApi.page, query);
}

/** Any change to customers refreshes every customer list and tree (pickers included). */
export function useDeptMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(deptKeys.all, fn);
}
