import { create } from 'zustand';

export type LogType = 'info' | 'warning' | 'error';

export interface LogEntry {
  message: string;
  type: LogType;
  time: string;
  meta: { url: string; user: string; extra?: unknown };
}

/** Keep the newest entries only, so a page left open for days cannot grow without bound. */
const MAX_ENTRIES = 500;

interface LogState {
  entries: LogEntry[];
  push(entry: { message: string; type?: LogType; extra?: unknown }): void;
  clear(): void;
}

let currentUser = '';
export function setLogUser(name: string): void {
  currentUser = name;
}

/** The front-end log (ANCHORS §A): request failures, render errors, window errors, rejections. */
export const useLogStore = create<LogState>((set) => ({
  entries: [],
  push: ({ message, type = 'info', extra }) =>
    set((s) => ({
      entries: [
        ...s.entries.slice(-(MAX_ENTRIES - 1)),
        {
          message,
          type,
          time: new Date().toISOString(),
          meta: { url: window.location.href, user: currentUser, ...(extra !== undefined ? { extra } : {}) },
        },
      ],
    })),
  clear: () => set({ entries: [] }),
}));

export function logError(message: string, extra?: unknown): void {
  useLogStore.getState().push({ message, type: 'error', extra });
}
