import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * antd's toast and modal functions need the App context (theme, locale); the root component
 * hands them over here so that non-React code (the API client, stores) can use them.
 */
let api: AppApi | undefined;

export function setFeedback(next: AppApi): void {
  api = next;
}

/** Error toasts stay 5 seconds (SPEC §9). */
export const ERROR_TOAST_SECONDS = 5;

export const feedback = {
  error: (content: string) => api?.message.error({ content, duration: ERROR_TOAST_SECONDS }),
  warning: (content: string, duration = 3) => api?.message.warning({ content, duration }),
  success: (content: string, duration = 3) => api?.message.success({ content, duration }),
  info: (content: string, duration = 3) => api?.message.info({ content, duration }),
  modal: () => api?.modal,
};
