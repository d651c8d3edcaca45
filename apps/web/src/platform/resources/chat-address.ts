import type { ContactInitProgress, ContactPageQuery, Relationship } from '@agent-console/contracts';
import { CHAT_ADDRESS_ROUTES as R } from '@agent-console/contracts/chat-address';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/call';
import { chatAccountKeys } from './chat-account';
import { useRefreshingMutation } from './list-query';

export const chatAddressApi = {
  page: (body: ContactPageQuery) => call(R.page, { body }),
  /** Screens show a failed start in place ("contact initialisation failed"), not as a toast. */
  init: (accountId: number) => call(R.init, { body: { accountId } }, { silent: true }),
  initProgress: (accountId: number) => call(R.initProgress, { params: { accountId } }),
  setRelationship: (ids: number[], relationship: Relationship) =>
    call(R.setRelationship, { body: { ids, relationship } }),
  labels: (accountId: number) => call(R.labels, { query: { accountId } }),
};

export const chatAddressKeys = { all: ['chat', 'address'] as const };

/** One page of an account's contacts; nothing is asked before an account is chosen. */
export function useContactPage(query: ContactPageQuery, enabled: boolean) {
  const page = useQuery({
    queryKey: [...chatAddressKeys.all, 'page', query],
    queryFn: () => chatAddressApi.page(query),
    // The previous page stays up while the next loads, but never another account's contacts.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey.at(-1) as ContactPageQuery | undefined)?.accountId === query.accountId
        ? previous
        : undefined,
    enabled,
  });
  // A query that may not run yet is no loading table.
  return enabled ? page : { ...page, isPending: false };
}

export function useContactLabels(accountId: number | undefined) {
  return useQuery({
    queryKey: [...chatAddressKeys.all, 'labels', accountId ?? null],
    queryFn: () => chatAddressApi.labels(accountId as number),
    enabled: !!accountId,
  });
}

/** A write of contacts (relationships); the list and the labels are refreshed after it. */
export function useContactMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(chatAddressKeys.all, fn);
}

const RUNNING = new Set<ContactInitProgress['status']>(['queued', 'running']);
export const initRunning = (p: ContactInitProgress | undefined) => !!p && RUNNING.has(p.status);

/**
 * The address-list initialisation of one account: its progress (asked again every second while it
 * runs) and `start`, which begins a run (a re-run updates the contacts, never duplicates them).
 * When a run ends, the contacts, labels and accounts are read again.
 */
export function useContactInit(accountId: number | undefined) {
  const client = useQueryClient();
  const key = [...chatAddressKeys.all, 'init', accountId ?? null];
  const progress = useQuery({
    queryKey: key,
    queryFn: async () => {
      const previous = client.getQueryData<ContactInitProgress>(key);
      const next = await chatAddressApi.initProgress(accountId as number);
      if (initRunning(previous) && !initRunning(next)) {
        void client.invalidateQueries({ queryKey: [...chatAddressKeys.all, 'page'] });
        void client.invalidateQueries({ queryKey: [...chatAddressKeys.all, 'labels'] });
        void client.invalidateQueries({ queryKey: chatAccountKeys.all });
      }
      return next;
    },
    enabled: !!accountId,
    refetchInterval: (q) => (initRunning(q.state.data) ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: (id: number) => chatAddressApi.init(id),
    onSuccess: async (answer) => {
      // A poll still on its way may carry the previous run's end: the new run's answer wins.
      await client.cancelQueries({ queryKey: key });
      client.setQueryData(key, answer);
      void client.invalidateQueries({ queryKey: chatAccountKeys.all });
    },
  });
  return { progress, start };
}
