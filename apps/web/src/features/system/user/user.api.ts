import type { UserCreate, UserPageQuery, UserUpdate } from '@agent-console/contracts';
import { USER_ROUTES as R } from '@agent-console/contracts/system-user';
import { call } from '../../../platform/api/call';
import { downloadPost } from '../../../platform/api/download';
import { usePageQuery, useRefreshingMutation } from '../../../platform/resources/list-query';

export const userAdminApi = {
  page: (body: UserPageQuery) => call(R.page, { body }),
  detail: (id: number) => call(R.detail, { params: { id } }),
  save: (body: UserCreate) => call(R.save, { body }, { silent: true }),
  update: (id: number, body: UserUpdate) => call(R.update, { params: { id }, body }, { silent: true }),
  setEnabled: (id: number, enabled: boolean) => call(R.status, { params: { id }, body: { enabled } }),
  resetPassword: (id: number) => call(R.resetPassword, { params: { id } }),
  remove: (ids: number[]) => call(R.remove, { body: { ids } }),
  /** Downloads the users matching the filters as XLSX; resolves with the saved file name. */
  exportXlsx: (body: UserPageQuery) => downloadPost(R.export.path, body),
};

export const userAdminKeys = { all: ['system', 'user'] as const };

export function useUserPage(query: UserPageQuery) {
  return usePageQuery([...userAdminKeys.all, 'page'], userAdminApi.page, query);
}

export function useUserMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(['system'], fn, { affectsAccess: true });
}
