import type { WidgetReply } from '@agent-console/contracts/widget-protocol';

export interface RepliesPoll {
  /** The newest reply shown so far, so the next check asks only for later ones. */
  seen(id: number): void;
  stop(): void;
}

/**
 * Asks every `intervalMs` for what people wrote to the visitor, while `active()` says so (the
 * window open, the page in view, the conversation handed to a person). A failed check is tried
 * again at the next beat: the visitor loses nothing but a few seconds.
 */
export function pollReplies(options: {
  fetch(after: number): Promise<WidgetReply[]>;
  active(): boolean;
  onReplies(replies: WidgetReply[]): void;
  intervalMs: number;
}): RepliesPoll {
  let after = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const beat = async () => {
    if (stopped) return;
    if (options.active()) {
      try {
        const replies = (await options.fetch(after)).filter((reply) => reply.id > after);
        if (!stopped && replies.length) {
          after = Math.max(after, ...replies.map((reply) => reply.id));
          options.onReplies(replies);
        }
      } catch {
        // The next beat tries again.
      }
    }
    if (!stopped) timer = setTimeout(beat, options.intervalMs);
  };
  timer = setTimeout(beat, options.intervalMs);

  return {
    seen(id) {
      after = Math.max(after, id);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
