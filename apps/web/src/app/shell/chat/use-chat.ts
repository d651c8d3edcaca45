import type { AgentChatCustomer } from '@agent-console/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/api/client';
import { agentChatApi, streamAgentChat } from '../../../platform/resources/agent-chat';
import { useSessionStore } from '../../../platform/stores/session-store';
import { type ChatTurn, useChatStore } from './chat-store';

/** The answer being streamed; one bubble per page, so one at a time. */
let running: AbortController | null = null;
let counter = 0;

export const isStreaming = (turns: readonly ChatTurn[]) => turns.some((turn) => turn.status === 'streaming');

/** Which app to talk to first: the user's own customer and its first running app, else the first there is. */
export function defaultPick(customers: readonly AgentChatCustomer[], ownCustomerId: number | undefined) {
  const customer = customers.find((c) => c.customerId === ownCustomerId) ?? customers[0];
  if (!customer) return null;
  const app = customer.apps.find((a) => a.status === 'running') ?? customer.apps[0];
  return app ? { customerId: customer.customerId, appId: app.id } : null;
}

const hasApp = (customers: readonly AgentChatCustomer[], customerId: number | null, appId: number | null) =>
  customers.some((c) => c.customerId === customerId && c.apps.some((a) => a.id === appId));

/**
 * Brings the window's conversation up to date when it opens: the user's latest conversation from
 * the server after a reload (when its app can still be picked), the stored answer of a question
 * whose stream was stopped by closing the window, and a default app when none is picked.
 * Answers whether the window may show the conversation yet.
 */
export function useChatRestore(customers: readonly AgentChatCustomer[] | undefined): boolean {
  const user = useSessionStore((s) => s.user);
  // Opened again with nothing to read back: shown at once, without a flash of the spinner.
  const [ready, setReady] = useState(() => {
    const s = useChatStore.getState();
    return !!user && s.userId === user.id && s.restored && !s.resync && s.appId !== null;
  });
  useEffect(() => {
    if (!user || !customers) return;
    let cancelled = false;
    const store = useChatStore.getState();
    store.forUser(user.id);
    const settle = () => {
      const now = useChatStore.getState();
      if (!hasApp(customers, now.customerId, now.appId)) {
        const pick = defaultPick(customers, user.customer.id);
        now.pick(pick?.customerId ?? null, pick?.appId ?? null);
      }
      if (!cancelled) setReady(true);
    };
    const { restored, resync, conversationId, turns } = useChatStore.getState();
    const read = !restored
      ? agentChatApi.conversation().then((latest) => {
          if (latest && hasApp(customers, latest.customerId, latest.appId) && !useChatStore.getState().turns.length) {
            useChatStore.getState().adopt(latest);
          }
        })
      : resync && conversationId
        ? agentChatApi.conversation(conversationId).then((stored) => {
            const kept = turns.filter((turn) => turn.status === 'done' || turn.status === 'stopped').length;
            // The stopped question's answer was stored after all: show it as stored.
            if (stored && stored.turns.length >= kept && useChatStore.getState().conversationId === stored.id) {
              useChatStore.getState().adopt(stored);
            }
          })
        : Promise.resolve();
    // Unreadable history is no reason to keep the window from working: start afresh.
    void read
      .catch(() => {})
      .finally(() => {
        useChatStore.getState().set({ restored: true, resync: false });
        settle();
      });
    return () => {
      cancelled = true;
    };
  }, [user, customers]);
  return ready;
}

/** Stops the answer being streamed (the window closed); the turn says so. */
export function stopStreaming(): void {
  running?.abort();
}

/** Sending a question and retrying a failed one. */
export function useChatSend() {
  const { t } = useTranslation('shell');

  const errorText = (err: unknown): string => {
    if (err instanceof ApiError && err.code === 'A0501') {
      const data = (err.data ?? {}) as { limit?: number; retryAfterSeconds?: number };
      return t('chat.errors.rateLimited', { limit: data.limit ?? 0, seconds: data.retryAfterSeconds ?? 60 });
    }
    return err instanceof Error && err.message ? err.message : t('chat.errors.brokeOff');
  };

  const send = async (question: string, replacing?: string) => {
    const store = useChatStore.getState();
    const { customerId, appId, conversationId } = store;
    if (!customerId || !appId || isStreaming(store.turns)) return;
    const key = `l${++counter}`;
    const turn: ChatTurn = { key, question, answer: '', status: 'streaming', needsPerson: false, sources: [] };
    store.set({ turns: [...store.turns.filter((x) => x.key !== replacing), turn] });
    const controller = new AbortController();
    running = controller;
    try {
      const done = await streamAgentChat(
        { customerId, appId, message: question, ...(conversationId ? { conversationId } : {}) },
        {
          signal: controller.signal,
          onConversation: (id) => useChatStore.getState().set({ conversationId: id }),
          onDelta: (text) => useChatStore.getState().updateTurn(key, (x) => ({ answer: x.answer + text })),
        },
      );
      useChatStore.getState().set({ conversationId: done.conversationId });
      useChatStore.getState().updateTurn(key, {
        status: 'done',
        answerId: done.answerId,
        step: done.step,
        needsPerson: done.needsPerson,
        sources: done.sources,
      });
    } catch (err) {
      if (controller.signal.aborted) {
        useChatStore.getState().updateTurn(key, { status: 'stopped' });
        useChatStore.getState().set({ resync: true });
      } else {
        useChatStore.getState().updateTurn(key, { status: 'failed', error: errorText(err) });
      }
    } finally {
      if (running === controller) running = null;
    }
  };

  return {
    send,
    retry: (turn: ChatTurn) => send(turn.question, turn.key),
  };
}
