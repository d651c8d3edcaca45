import { CONVERSATION_ROUTES as R } from '@agent-console/contracts/conversation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/call';
import { chatAddressKeys } from './chat-address';

export const conversationApi = {
  /** Polled while open: a failure is shown in the drawer, not toasted every few seconds. */
  view: (contactId: number) => call(R.view, { params: { contactId } }, { silent: true }),
  earlier: (contactId: number, before: number, limit = 100) =>
    call(R.earlier, { params: { contactId }, query: { before, limit } }),
  takeOver: (contactId: number, minutes: number | null) => call(R.takeOver, { body: { contactId, minutes } }),
  release: (contactId: number) => call(R.release, { body: { contactId } }),
  resolve: (contactId: number) => call(R.resolve, { body: { contactId } }),
  /** The reply box shows a refusal in place (and keeps the text). */
  reply: (contactId: number, content: string) => call(R.reply, { body: { contactId, content } }, { silent: true }),
  needsPerson: () => call(R.needsPerson),
};

export const conversationKeys = {
  all: ['chat', 'conversation'] as const,
  view: (contactId: number) => [...conversationKeys.all, 'view', contactId] as const,
  needsPerson: ['chat', 'conversation', 'needsPerson'] as const,
};

/** How often an open conversation is read again: new messages, replies sent, the pause. */
export const CONVERSATION_POLL_MS = 3000;

/** The open conversation of a contact, read again every few seconds while open (null: closed). */
export function useConversation(contactId: number | null) {
  return useQuery({
    queryKey: conversationKeys.view(contactId ?? 0),
    queryFn: () => conversationApi.view(contactId as number),
    enabled: contactId !== null,
    refetchInterval: contactId !== null ? CONVERSATION_POLL_MS : false,
  });
}

/** Conversations waiting for a person in the caller's scope (the home page's tile). */
export function useNeedsPersonCount(enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.needsPerson,
    queryFn: conversationApi.needsPerson,
    enabled,
    refetchInterval: 60_000,
  });
}

/**
 * A change of a conversation (take over, release, resolve, reply): the conversation, the count
 * and the contacts list (which shows "needs a person" and the pause) are read again after it.
 */
export function useConversationMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: conversationKeys.all }),
        client.invalidateQueries({ queryKey: [...chatAddressKeys.all, 'page'] }),
      ]),
  });
}
