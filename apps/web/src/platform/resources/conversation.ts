import type {
  ConversationMessages,
  ConversationState,
  ConversationView,
  HandReplyResult,
  NeedsPersonCount,
} from '@agent-console/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { chatAddressKeys } from './chat-address';

const BASE = '/api/v3/address/conversation';

export const conversationApi = {
  /** Polled while open: a failure is shown in the drawer, not toasted every few seconds. */
  view: (contactId: number) => api.get<ConversationView>(`${BASE}/${contactId}`, { silent: true }),
  earlier: (contactId: number, before: number, limit = 100) =>
    api.get<ConversationMessages>(`${BASE}/${contactId}/messages?before=${before}&limit=${limit}`),
  takeOver: (contactId: number, minutes: number | null) =>
    api.post<ConversationState>(`${BASE}/takeover`, { contactId, minutes }),
  release: (contactId: number) => api.post<ConversationState>(`${BASE}/release`, { contactId }),
  resolve: (contactId: number) => api.post<ConversationState>(`${BASE}/resolve`, { contactId }),
  /** The reply box shows a refusal in place (and keeps the text). */
  reply: (contactId: number, content: string) =>
    api.post<HandReplyResult>(`${BASE}/reply`, { contactId, content }, { silent: true }),
  needsPerson: () => api.get<NeedsPersonCount>(`${BASE}/needsPerson`),
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
