import {
  type AnyPageResult,
  type KeysetPageResult,
  type LogCountResult,
  type LoginLog,
  type LoginLogPageRequest,
  type ModelStatus,
  type OnlineUser,
  type OnlineUserPageRequest,
  type OperationLog,
  type OperationLogPageRequest,
  type PageResult,
  PERMISSIONS,
} from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { downloadPost } from '../api/download';
import { useRefreshingMutation } from './list-query';

const ONLINE = '/api/v3/monitor/online/user';
const OPER = '/api/v3/monitor/operation/log';
const LOGIN = '/api/v3/monitor/log/login';

/**
 * A monitoring list as its screen uses it: the query key, the page, and what else the server offers
 * on it (delete by id, clean all, export with the page's filters) with the permission codes they need.
 */
export interface ListSource<Req, Row> {
  key: readonly unknown[];
  page(body: Req): Promise<AnyPageResult<Row>>;
  /** The list pages by cursor (`KeysetPageResult`): the logs. */
  keyset?: boolean;
  remove?(ids: number[]): Promise<LogCountResult>;
  clean?(): Promise<LogCountResult>;
  export?(body: Req): Promise<string>;
  permissions?: { remove?: string; export?: string };
}

/** The two logs answer the same calls under their own path. */
function logSource<Req, Row>(base: string, permissions: ListSource<Req, Row>['permissions']): ListSource<Req, Row> {
  return {
    key: [base],
    permissions,
    keyset: true,
    page: (body) => api.post<KeysetPageResult<Row>>(`${base}/page`, body),
    remove: (ids) => api.post<LogCountResult>(`${base}/delete`, { ids }),
    clean: () => api.get<LogCountResult>(`${base}/clean`),
    export: (body) => downloadPost(`${base}/export`, body),
  };
}

export const operationLogs = logSource<OperationLogPageRequest, OperationLog>(OPER, PERMISSIONS.operlog);
export const loginLogs = logSource<LoginLogPageRequest, LoginLog>(LOGIN, PERMISSIONS.loginlog);
export const onlineUsers: ListSource<OnlineUserPageRequest, OnlineUser> = {
  key: [ONLINE],
  permissions: PERMISSIONS.online,
  page: (body) => api.post<PageResult<OnlineUser>>(`${ONLINE}/page`, body),
  export: (body) => downloadPost(`${ONLINE}/export`, body),
};

function forceLogout(keys: string[]) {
  return keys.length === 1
    ? api.get<LogCountResult>(`${ONLINE}/logout/${encodeURIComponent(keys[0] ?? '')}`)
    : api.post<LogCountResult>(`${ONLINE}/logout`, { keys });
}

export const useForceLogout = () => useRefreshingMutation(onlineUsers.key, forceLogout);

/**
 * The language-model services and their breakers (issue 33), polled for Home; null for a caller
 * whose data scope is one customer (the state is the whole product's).
 */
export function useModelStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['monitor', 'modelStatus'] as const,
    queryFn: () => api.get<ModelStatus>('/api/v3/monitor/model/status'),
    enabled,
    refetchInterval: 30_000,
  });
}
