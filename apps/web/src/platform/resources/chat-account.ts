import type { ChatAccountOwnerQuery, ChatAccountPageQuery } from '@agent-console/contracts';
import { CHAT_ACCOUNT_ROUTES as R } from '@agent-console/contracts/chat-account';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { usePageQuery, useRefreshingMutation } from './list-query';

export interface LoginRequest {
  region: number;
  /** Logs an existing account in again with its previous wcId (ANCHORS §C). */
  accountId?: number | undefined;
  /** Whose account a new login becomes; the caller's own customer when left out. */
  customerId?: number | undefined;
}

/** The owner filter's query without its empty fields. */
function ownerQuery(query: ChatAccountOwnerQuery): ChatAccountOwnerQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
}

export const chatAccountApi = {
  page: (body: ChatAccountPageQuery) => call(R.page, { body }),
  /** The login dialog shows a failure in place ("QR code generation failed"), not as a toast. */
  login: ({ region, accountId, customerId }: LoginRequest) => {
    const query = { region, accountId: accountId || undefined, customerId: customerId || undefined };
    return call(R.login, { query }, { silent: true });
  },
  loginInfo: (loginSessionId: string, verifyCode?: string, signal?: AbortSignal) =>
    call(
      R.loginInfo,
      { body: { loginSessionId, ...(verifyCode ? { verifyCode } : {}) } },
      { silent: true, ...(signal ? { signal } : {}) },
    ),
  list: (onlineOnly = false) => call(R.options, { query: onlineOnly ? { onlineOnly: 'true' } : {} }),
  sync: (id?: number) => call(R.sync, { query: id ? { id } : {} }),
  remove: (id: number) => call(R.remove, { params: { id } }),
  ownerOptions: (query: ChatAccountOwnerQuery) => call(R.ownerOptions, { query: ownerQuery(query) }),
  /** Which app (agent) serves the account; null: none. */
  setApp: (accountId: number, appId: number | null) => call(R.setApp, { body: { accountId, appId } }),
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
