import type { App } from 'antd';

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

export function setFeedback(next: AppApi): void {
  api = next;
  const queued = waiting;
  waiting = [];
  for (const show of queued) show(next);
}

function toast(show: (api: AppApi) => void): void {
  if (api) show(api);
  else waiting.push(show);
}

/** Error toasts stay 5 seconds (SPEC §9). */
export const ERROR_TOAST_SECONDS = 5;

export const feedback = {
  error: (content: string) => toast((a) => a.message.error({ content, duration: ERROR_TOAST_SECONDS })),
  warning: (content: string, duration = 3) => toast((a) => a.message.warning({ content, duration })),
  success: (content: string, duration = 3) => toast((a) => a.message.success({ content, duration })),
  info: (content: string, duration = 3) => toast((a) => a.message.info({ content, duration })),
  modal: () => api?.modal,
};
