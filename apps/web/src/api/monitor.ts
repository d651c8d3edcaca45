import type {
  LogCountResult,
  LoginLog,
  LoginLogPageRequest,
  OnlineUser,
  OnlineUserPageRequest,
  OperationLog,
  OperationLogPageRequest,
  PageResult,
} from '@agent-console/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { downloadPost } from './download';

const ONLINE = '/api/v3/monitor/online/user';
const OPER = '/api/v3/monitor/operation/log';
const LOGIN = '/api/v3/monitor/log/login';

export const monitorApi = {
  onlinePage: (body: OnlineUserPageRequest) => api.post<PageResult<OnlineUser>>(`${ONLINE}/page`, body),
  forceLogout: (keys: string[]) =>
    keys.length === 1
      ? api.get<LogCountResult>(`${ONLINE}/logout/${encodeURIComponent(keys[0] ?? '')}`)
      : api.post<LogCountResult>(`${ONLINE}/logout`, { keys }),
  onlineExport: (body: OnlineUserPageRequest) => downloadPost(`${ONLINE}/export`, body),

  operationPage: (body: OperationLogPageRequest) => api.post<PageResult<OperationLog>>(`${OPER}/page`, body),
  operationDelete: (ids: number[]) => api.post<LogCountResult>(`${OPER}/delete`, { ids }),
  operationClean: () => api.get<LogCountResult>(`${OPER}/clean`),
  operationExport: (body: OperationLogPageRequest) => downloadPost(`${OPER}/export`, body),

  loginPage: (body: LoginLogPageRequest) => api.post<PageResult<LoginLog>>(`${LOGIN}/page`, body),
  loginDelete: (ids: number[]) => api.post<LogCountResult>(`${LOGIN}/delete`, { ids }),
  loginClean: () => api.get<LogCountResult>(`${LOGIN}/clean`),
  loginExport: (body: LoginLogPageRequest) => downloadPost(`${LOGIN}/export`, body),
};

export const monitorKeys = {
  online: ['monitor', 'online'] as const,
  operation: ['monitor', 'operation'] as const,
  login: ['monitor', 'login'] as const,
};

export function useOnlineUsers(req: OnlineUserPageRequest) {
  return useQuery({
    queryKey: [...monitorKeys.online, req],
    queryFn: () => monitorApi.onlinePage(req),
    placeholderData: keepPreviousData,
  });
}

export function useOperationLogs(req: OperationLogPageRequest) {
  return useQuery({
    queryKey: [...monitorKeys.operation, req],
    queryFn: () => monitorApi.operationPage(req),
    placeholderData: keepPreviousData,
  });
}

export function useLoginLogs(req: LoginLogPageRequest) {
  return useQuery({
    queryKey: [...monitorKeys.login, req],
    queryFn: () => monitorApi.loginPage(req),
    placeholderData: keepPreviousData,
  });
}

/** A write that refreshes one of the lists afterwards. */
function useListMutation<A>(key: readonly string[], fn: (arg: A) => Promise<LogCountResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useForceLogout = () => useListMutation(monitorKeys.online, monitorApi.forceLogout);
export const useDeleteOperationLogs = () => useListMutation(monitorKeys.operation, monitorApi.operationDelete);
export const useCleanOperationLogs = () => useListMutation(monitorKeys.operation, () => monitorApi.operationClean());
export const useDeleteLoginLogs = () => useListMutation(monitorKeys.login, monitorApi.loginDelete);
export const useCleanLoginLogs = () => useListMutation(monitorKeys.login, () => monitorApi.loginClean());
