import type {
  AdminUser,
  AdminUserDetail,
  PageResult,
  ResetPasswordResult,
  UserCreate,
  UserPageQuery,
  UserUpdate,
} from '@agent-console/contracts';
import { api } from '../../../platform/api/client';
import { downloadPost } from '../../../platform/api/download';
import { usePageQuery, useRefreshingMutation } from '../../../platform/resources/list-query';

const BASE = '/api/v3/system/user';

export const userAdminApi = {
  page: (body: UserPageQuery) => api.post<PageResult<AdminUser>>(`${BASE}/page`, body),
  detail: (id: number) => api.get<AdminUserDetail>(`${BASE}/detail/${id}`),
  save: (body: UserCreate) => api.post<AdminUserDetail>(`${BASE}/save`, body, { silent: true }),
  update: (id: number, body: UserUpdate) => api.post<AdminUserDetail>(`${BASE}/update/${id}`, body, { silent: true }),
  setEnabled: (id: number, enabled: boolean) => api.post<null>(`${BASE}/status/${id}`, { enabled }),
  resetPassword: (id: number) => api.get<ResetPasswordResult>(`${BASE}/resetPwd/${id}`),
  remove: (ids: number[]) => api.post<null>(`${BASE}/delete`, { ids }),
  /** Downloads the users matching the filters as XLSX; resolves with the saved file name. */
  exportXlsx: (body: UserPageQuery) => downloadPost(`${BASE}/export`, body),
};

export const userAdminKeys = { all: ['system', 'user'] as const };

export function useUserPage(query: UserPageQuery) {
  return usePageQuery([...userAdminKeys.all, 'page'], userAdminApi.page, query);
}

export function useUserMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(['system'], fn, { affectsAccess: true });
}
