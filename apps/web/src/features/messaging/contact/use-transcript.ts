import type { ConversationMessage, ConversationView } from '@agent-console/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { conversationApi } from '../../../platform/resources/conversation';

/** At most this many "load earlier" pages when looking for one message (100 each). */
const FIND_PAGES_MAX = 50;

/**
 * The transcript shown: the latest page (polled) and the earlier pages loaded on request, merged
 * by id, oldest first. `find` loads earlier pages until a message is there (a lead's source).
 */
export function useTranscript(contactId: number | null, view: ConversationView | undefined) {
  const [earlier, setEarlier] = useState<{ messages: ConversationMessage[]; hasEarlier: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);

  // A different contact starts again from its latest page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the contact is the trigger
  useEffect(() => {
    setEarlier(null);
    setError(false);
  }, [contactId]);

  const messages = useMemo(() => {
    const byId = new Map<number, ConversationMessage>();
    for (const m of earlier?.messages ?? []) byId.set(m.id, m);
    for (const m of view?.messages ?? []) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [earlier, view]);
  const hasEarlier = earlier ? earlier.hasEarlier : !!view?.hasEarlier;

  // The loaded messages for the callbacks below, without re-creating them on every poll.
  const current = useRef({ messages, hasEarlier });
  current.current = { messages, hasEarlier };

  const loadPage = useCallback(async (): Promise<boolean> => {
    const { messages: shown, hasEarlier: more } = current.current;
    const oldest = shown[0];
    if (contactId === null || !oldest || !more) return false;
    const page = await conversationApi.earlier(contactId, oldest.id);
    const next = { messages: [...page.messages, ...shown], hasEarlier: page.hasEarlier };
    current.current = next;
    setEarlier(next);
    return page.hasEarlier;
  }, [contactId]);

  const run = useCallback(async (work: () => Promise<void>) => {
    setLoading(true);
    setError(false);
    try {
      await work();
    } catch {
      setError(true);
    } finally {
      setLoading(false);
    }
  }, []);

  const loadEarlier = useCallback(() => run(async () => void (await loadPage())), [run, loadPage]);

  /** Loads earlier pages until message `id` is among them; answers whether it is. */
  const find = useCallback(
    async (id: number): Promise<boolean> => {
      let found = current.current.messages.some((m) => m.id === id);
      await run(async () => {
        for (let i = 0; !found && i < FIND_PAGES_MAX; i++) {
          const more = await loadPage();
          found = current.current.messages.some((m) => m.id === id);
          if (!more) break;
        }
      });
      return found;
    },
    [run, loadPage],
  );

  return { messages, hasEarlier, loading, error, loadEarlier, find };
}
