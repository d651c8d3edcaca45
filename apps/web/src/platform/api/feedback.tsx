import type { App } from 'antd';
import type { ReactNode } from 'react';
import i18n from '../i18n';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * antd's toast and modal functions need the App context (theme, locale); the root component
 * hands them over here so that non-React code (the API client, stores) can use them.
 */
let api: AppApi | undefined;
/**
 * Toasts asked for before the root component has mounted (e.g. the first request after a reload
 * finds the session ended): shown as soon as it has, instead of being lost.
 */
let waiting: ((api: AppApi) => void)[] = [];

/**
 * antd is not part of the sign-in page: the component that shows toasts (app/router/FeedbackHost.tsx)
 * loads it once toasts are wanted, that is once the shell opens or a toast is asked for.
 */
let wanted = false;
const wantedListeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function setFeedback(next: AppApi): void {
  api = next;
  markReady();
  const queued = waiting;
  waiting = [];
  for (const show of queued) show(next);
}

/** Resolves once toasts and confirmations can be shown (the shell waits for it: logout asks first). */
export function feedbackReady(): Promise<void> {
  return ready;
}

/** Asks for the toast host ahead of any toast (the shell does, so its toasts never wait). */
export function wantFeedback(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

export function feedbackWanted(): boolean {
  return wanted;
}

export function onFeedbackWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

function toast(show: (api: AppApi) => void): void {
  if (api) {
    show(api);
  } else {
    waiting.push(show);
    wantFeedback();
  }
}

/** Error toasts stay 5 seconds (SPEC §9). */
export const ERROR_TOAST_SECONDS = 5;

type Level = 'error' | 'warning' | 'success' | 'info';

/**
 * The same message asked for again while it is still up (three failed saves, a double click)
 * replaces the one on screen and restarts its time instead of stacking copies: antd merges
 * toasts that share a key, and the key is the level and the text.
 */
function show(level: Level, content: string, duration: number, details?: ReactNode): void {
  toast((a) =>
    a.message[level]({
      key: `${level}:${content}`,
      content: details ? (
        <span className="toast-with-details">
          {content}
          {details}
        </span>
      ) : (
        content
      ),
      duration,
    }),
  );
}

/** Longest `data` shown in a toast; the front-end log keeps all of it. */
const MAX_DETAILS = 2_000;

/**
 * An error's `data` (SPEC §8: "an error showing message and data"), folded under the message so
 * the toast stays one line until someone opens it.
 */
function dataDetails(data: unknown): ReactNode {
  if (data === null || data === undefined || data === '') return undefined;
  const printed = typeof data === 'string' ? data : JSON.stringify(data, null, 2);
  if (!printed || printed === '{}' || printed === '[]') return undefined;
  return (
    <details className="toast-details" data-testid="toast-details">
      <summary>{i18n.t('errors:details')}</summary>
      <pre>{printed.length > MAX_DETAILS ? `${printed.slice(0, MAX_DETAILS)}…` : printed}</pre>
    </details>
  );
}

export const feedback = {
  /** `data` is the failed call's data, shown folded under the message when there is any. */
  error: (content: string, data?: unknown) => show('error', content, ERROR_TOAST_SECONDS, dataDetails(data)),
  warning: (content: string, duration = 3) => show('warning', content, duration),
  success: (content: string, duration = 3) => show('success', content, duration),
  info: (content: string, duration = 3) => show('info', content, duration),
  modal: () => api?.modal,
};
