import {
  type AnyPageResult,
  LOGINLOG_PERMISSIONS,
  type LogCountResult,
  type LoginLog,
  type LoginLogPageRequest,
  ONLINE_PERMISSIONS,
  type OnlineUser,
  type OnlineUserPageRequest,
  OPERLOG_PERMISSIONS,
  type OperationLog,
  type OperationLogPageRequest,
} from '@agent-console/contracts';
import {
  LOGIN_LOG_ROUTES as LOGIN,
  MODEL_STATUS_ROUTES,
  ONLINE_USER_ROUTES as ONLINE,
  OPERATION_LOG_ROUTES as OPER,
} from '@agent-console/contracts/monitor';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { downloadPost } from '../api/download';
import { useRefreshingMutation } from './list-query';

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

// The two logs answer the same calls under their own paths.
export const operationLogs: ListSource<OperationLogPageRequest, OperationLog> = {
  key: ['monitor', 'operlog'],
  permissions: OPERLOG_PERMISSIONS,
  keyset: true,
  page: (body) => call(OPER.page, { body }),
  remove: (ids) => call(OPER.remove, { body: { ids } }),
  clean: () => call(OPER.clean),
  export: (body) => downloadPost(OPER.export.path, body),
};
export const loginLogs: ListSource<LoginLogPageRequest, LoginLog> = {
  key: ['monitor', 'loginlog'],
  permissions: LOGINLOG_PERMISSIONS,
  keyset: true,
  page: (body) => call(LOGIN.page, { body }),
  remove: (ids) => call(LOGIN.remove, { body: { ids } }),
  clean: () => call(LOGIN.clean),
  export: (body) => downloadPost(LOGIN.export.path, body),
};
export const onlineUsers: ListSource<OnlineUserPageRequest, OnlineUser> = {
  key: ['monitor', 'online'],
  permissions: ONLINE_PERMISSIONS,
  page: (body) => call(ONLINE.page, { body }),
  export: (body) => downloadPost(ONLINE.export.path, body),
};

function forceLogout(keys: string[]) {
  return keys.length === 1
    ? call(ONLINE.logoutOne, { params: { key: keys[0] ?? '' } })
    : call(ONLINE.logout, { body: { keys } });
}

export const useForceLogout = () => useRefreshingMutation(onlineUsers.key, forceLogout);

/**
 * The language-model services and their breakers (issue 33), polled for Home; null for a caller
 * whose data scope is one customer (the state is the whole product's).
 */
export function useModelStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['monitor', 'modelStatus'] as const,
    queryFn: () => call(MODEL_STATUS_ROUTES.status),
    enabled,
    refetchInterval: 30_000,
  });
}
