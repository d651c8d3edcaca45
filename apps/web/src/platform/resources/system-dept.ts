import { type DeptPageQuery, type DeptSave, DEPT_ROUTES as R } from '@agent-console/contracts/system-dept';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { usePageQuery, useRefreshingMutation } from './list-query';

export const deptApi = {
  tree: () => call(R.tree),
  all: () => call(R.all),
  page: (body: DeptPageQuery) => call(R.page, { body }),
  save: (body: DeptSave) => call(R.save, { body }, { silent: true }),
  update: (id: number, body: DeptSave) => call(R.update, { params: { id }, body }, { silent: true }),
  remove: (id: number) => call(R.remove, { params: { id } }),
  // Silent: a refusal is shown in the dialog itself (InvitationDialog), not as a toast besides.
  invitation: (id: number) => call(R.invitation, { params: { id } }, { silent: true }),
  rotateInvitation: (id: number) => call(R.rotateInvitation, { params: { id } }),
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
