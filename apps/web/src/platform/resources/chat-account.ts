import type {
  ChatAccount,
  ChatAccountOption,
  ChatAccountOwnerOption,
  ChatAccountOwnerQuery,
  ChatAccountPageQuery,
  ChatLoginInfo,
  ChatLoginSession,
  ChatSyncResult,
  PageResult,
} from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { usePageQuery, useRefreshingMutation } from './list-query';

const BASE = '/api/v3/account';

export interface LoginRequest {
  region: number;
  /** Logs an existing account in again with its previous wcId (ANCHORS §C). */
  accountId?: number | undefined;
  /** Whose account a new login becomes; the caller's own customer when left out. */
  customerId?: number | undefined;
}

function loginQuery({ region, accountId, customerId }: LoginRequest): string {
  const params = new URLSearchParams({ region: String(region) });
  if (accountId) params.set('accountId', String(accountId));
  if (customerId) params.set('customerId', String(customerId));
  return params.toString();
}

export const chatAccountApi = {
  page: (body: ChatAccountPageQuery) => api.post<PageResult<ChatAccount>>(`${BASE}/list/page`, body),
  /** The login dialog shows a failure in place ("QR code generation failed"), not as a toast. */
  login: (request: LoginRequest) => api.get<ChatLoginSession>(`${BASE}/login?${loginQuery(request)}`, { silent: true }),
  loginInfo: (loginSessionId: string, verifyCode?: string, signal?: AbortSignal) =>
    api.post<ChatLoginInfo>(
      `${BASE}/getLoginInfo`,
      { loginSessionId, ...(verifyCode ? { verifyCode } : {}) },
      { silent: true, ...(signal ? { signal } : {}) },
    ),
  list: (onlineOnly = false) => api.get<ChatAccountOption[]>(`${BASE}/getList${onlineOnly ? '?onlineOnly=true' : ''}`),
  sync: (id?: number) => api.get<ChatSyncResult>(`${BASE}/syncWktWechatLoginStatus${id ? `?id=${id}` : ''}`),
  remove: (id: number) => api.get<{ affected: number }>(`${BASE}/delete/${id}`),
  ownerOptions: (query: ChatAccountOwnerQuery) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== '') params.set(key, String(value));
    return api.get<ChatAccountOwnerOption[]>(`${BASE}/ownerOptions?${params}`);
  },
  /** Which app (agent) serves the account; null: none. */
  setApp: (accountId: number, appId: number | null) => api.post<ChatAccount>(`${BASE}/setApp`, { accountId, appId }),
};

export const chatAccountKeys = { all: ['chat', 'account'] as const };

/** Accounts whose contacts are being initialised change by themselves: the list asks again meanwhile. */
export function useChatAccountPage(query: ChatAccountPageQuery) {
  return usePageQuery([...chatAccountKeys.all, 'page'], chatAccountApi.page, query, (data) =>
    data?.list.some((a) => a.contactsInitStatus === 'queued' || a.contactsInitStatus === 'running') ? 1500 : false,
  );
}

/** The accounts behind the pickers (contacts screen), online and offline. */
export function useChatAccountOptions(enabled = true) {
  return useQuery({ queryKey: [...chatAccountKeys.all, 'options'], queryFn: () => chatAccountApi.list(), enabled });
}

/** A write of accounts; the list and the pickers are refreshed after it. */
export function useChatAccountMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(chatAccountKeys.all, fn);
}

/** The owner filter's options: users of the caller's scope matching what is typed, and the one chosen. */
export function useChatAccountOwnerOptions(query: ChatAccountOwnerQuery, enabled = true) {
  return useQuery({
    queryKey: [...chatAccountKeys.all, 'owners', query],
    queryFn: () => chatAccountApi.ownerOptions(query),
    enabled,
    placeholderData: (previous) => previous,
  });
}
