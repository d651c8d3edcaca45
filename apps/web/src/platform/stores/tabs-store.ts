import { create } from 'zustand';
import { readUserRecord, type StoredTab, updateUserRecord } from './user-storage';

export type OpenedTab = StoredTab;

export const HOME_PATH = '/index';
export const HOME_TAB: OpenedTab = {
  fullPath: HOME_PATH,
  path: HOME_PATH,
  name: 'index',
  query: {},
  params: {},
  meta: { title: '', cache: false },
};

interface TabsState {
  username: string;
  opened: OpenedTab[];
  /** Bumped per full path by "refresh", so that page remounts with fresh state. */
  refreshKeys: Record<string, number>;
  /**
   * Loads the user's persisted tabs, keeping home and only the tabs whose route still exists;
   * their params and query survive (ANCHORS §A).
   */
  loadFor(username: string, isKnown: (tab: OpenedTab) => boolean): void;
  /** Memory only: logout closes every tab without wiping the user's saved list. */
  reset(): void;
  /** An open full path is updated in place; otherwise the tab is appended. */
  open(tab: OpenedTab): void;
  /**
   * The tab at `from` now shows `tab.fullPath` (its page replaced its own query): same place,
   * same refresh count. Where that path is open already, the two become one.
   */
  rename(from: string, tab: OpenedTab): void;
  /** Closes one tab and answers where to go if it was the current one. */
  close(fullPath: string, current: string): string | null;
  closeLeft(fullPath: string): void;
  closeRight(fullPath: string): void;
  closeOthers(fullPath: string): void;
  closeAll(): void;
  /** Drag to reorder: `from` takes the place of `to`. Home stays first. */
  move(from: string, to: string): void;
  refresh(fullPath: string): void;
}

const isHome = (t: OpenedTab) => t.fullPath === HOME_PATH;

export const useTabsStore = create<TabsState>((set, get) => {
  const commit = (opened: OpenedTab[]) => {
    set({ opened });
    updateUserRecord(get().username, (r) => {
      r.page.opened = opened.filter((t) => !isHome(t));
    });
  };

  return {
    username: '',
    opened: [HOME_TAB],
    refreshKeys: {},

    loadFor(username, isKnown) {
      const saved = readUserRecord(username).page.opened;
      const seen = new Set<string>([HOME_PATH]);
      const kept = saved.filter((t) => {
        if (seen.has(t.fullPath) || !isKnown(t)) return false;
        seen.add(t.fullPath);
        return true;
      });
      set({ username, opened: [HOME_TAB, ...kept], refreshKeys: {} });
    },
    reset: () => set({ username: '', opened: [HOME_TAB], refreshKeys: {} }),

    open(tab) {
      if (isHome(tab)) return;
      const { opened } = get();
      const index = opened.findIndex((t) => t.fullPath === tab.fullPath);
      if (index < 0) return commit([...opened, tab]);
      const merged = { ...opened[index], ...tab };
      if (JSON.stringify(merged) === JSON.stringify(opened[index])) return;
      const next = [...opened];
      next[index] = merged;
      commit(next);
    },

    rename(from, tab) {
      const { opened, refreshKeys } = get();
      const index = opened.findIndex((t) => t.fullPath === from);
      const old = opened[index];
      if (!old || isHome(old) || opened.some((t) => t.fullPath === tab.fullPath)) {
        if (old && !isHome(old)) commit(opened.filter((t) => t.fullPath !== from));
        return get().open(tab);
      }
      const { [from]: count = 0, ...others } = refreshKeys;
      set({ refreshKeys: { ...others, [tab.fullPath]: count } });
      commit(opened.map((t, i) => (i === index ? { ...old, ...tab } : t)));
    },

    close(fullPath, current) {
      const { opened } = get();
      const index = opened.findIndex((t) => t.fullPath === fullPath);
      const tab = opened[index];
      if (!tab || isHome(tab)) return null;
      const next = opened.filter((t) => t.fullPath !== fullPath);
      commit(next);
      if (fullPath !== current) return null;
      // The right neighbour, else the left one (home at worst).
      return (next[index] ?? next[index - 1] ?? HOME_TAB).fullPath;
    },
    closeLeft(fullPath) {
      const { opened } = get();
      const index = opened.findIndex((t) => t.fullPath === fullPath);
      if (index < 0) return;
      commit(opened.filter((t, i) => isHome(t) || i >= index));
    },
    closeRight(fullPath) {
      const { opened } = get();
      const index = opened.findIndex((t) => t.fullPath === fullPath);
      if (index < 0) return;
      commit(opened.filter((t, i) => isHome(t) || i <= index));
    },
    closeOthers(fullPath) {
      commit(get().opened.filter((t) => isHome(t) || t.fullPath === fullPath));
    },
    closeAll() {
      commit([HOME_TAB]);
    },

    move(from, to) {
      const opened = [...get().opened];
      const fromIndex = opened.findIndex((t) => t.fullPath === from);
      const toIndex = opened.findIndex((t) => t.fullPath === to);
      if (fromIndex <= 0 || toIndex <= 0 || fromIndex === toIndex) return;
      const [tab] = opened.splice(fromIndex, 1);
      if (!tab) return;
      opened.splice(toIndex, 0, tab);
      commit(opened);
    },

    refresh(fullPath) {
      set((s) => ({ refreshKeys: { ...s.refreshKeys, [fullPath]: (s.refreshKeys[fullPath] ?? 0) + 1 } }));
    },
  };
});
