import {
  ALL_PERMISSIONS,
  type CurrentUser,
  DICT_PERMISSIONS,
  type DictCache,
  type DictCacheItem,
  type Language,
} from '@agent-console/contracts';
import { DICT_ROUTES } from '@agent-console/contracts/system-dict-routes';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { call } from '../api/call';
import { useSessionStore } from './session-store';

/** SPEC §3: dictionaries are cached locally under the key `dict`. */
export const DICT_STORAGE_KEY = 'dict';

interface DictState extends DictCache {
  /** Fetches the server's cache; keeps the local copy when the call fails. */
  refresh(): Promise<void>;
}

function loadLocal(): DictCache {
  try {
    const saved = JSON.parse(localStorage.getItem(DICT_STORAGE_KEY) ?? 'null') as DictCache | null;
    if (saved && typeof saved.version === 'string' && saved.dicts && typeof saved.dicts === 'object') return saved;
  } catch {
    // A damaged entry is replaced on the next refresh.
  }
  return { version: '', dicts: {} };
}

export const useDictStore = create<DictState>((set) => ({
  ...loadLocal(),
  async refresh() {
    const cache = await call(DICT_ROUTES.cacheGet, {}, { silent: true }).catch(() => null);
    if (!cache) return;
    localStorage.setItem(DICT_STORAGE_KEY, JSON.stringify(cache));
    set(cache);
  },
}));

/** Whether the user may rebuild the server's cache (the update route's permission). */
function mayUpdateCache(user: CurrentUser): boolean {
  return user.permissions.includes(ALL_PERMISSIONS) || user.permissions.includes(DICT_PERMISSIONS.edit);
}

/**
 * SPEC §4: after sign-in the console updates the dictionary cache, then fetches it. The server
 * rebuilds its cache on every dictionary write, so the update is only a repair step, and only
 * those who may edit dictionaries may ask for it (docs/decisions.md, "Dictionary cache at
 * sign-in"); for anyone else the fetch alone. A refused or failed update still leads to the fetch.
 * A page opened with a session already running only fetches: the update is a write, and one at
 * every page load filled the operation log with it.
 */
export async function refreshDicts(user: CurrentUser, signingIn: boolean): Promise<void> {
  if (signingIn && mayUpdateCache(user)) await call(DICT_ROUTES.cacheUpdate, {}, { silent: true }).catch(() => null);
  await useDictStore.getState().refresh();
}

// The session store sets `user` at a sign-in (while `loggedIn` is still false: it turns true once
// the user is read) and at a page load with a session (`loggedIn` true from the token cookie).
useSessionStore.subscribe((state, previous) => {
  if (state.user && state.user.id !== previous.user?.id) void refreshDicts(state.user, !state.loggedIn);
});

export interface DictOption<V extends string = string> {
  value: V;
  label: string;
  color: DictCacheItem['tagColor'];
}

/**
 * What a value without an entry (deleted, disabled, or a dictionary not loaded yet) shows: its
 * words, `outsideWorkingHours` as "Outside working hours", rather than nothing.
 */
export function fallbackLabel(value: string): string {
  const words = value
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);
  // Only the camelCase capitals are lowered: an acronym such as VIP stays as it is.
  return (
    words
      .map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : /^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w))
      .join(' ') || value
  );
}

/**
 * One dictionary's entries in the current language, for selects, tags and table cells:
 * `const gender = useDict('user_gender'); gender.label(user.gender)`. For a value dictionary,
 * `optionsOf(APP_STATUSES)` offers exactly the code's values, labelled from the dictionary.
 */
export function useDict(type: string) {
  const { i18n } = useTranslation();
  const items = useDictStore((s) => s.dicts[type]);
  const lang = i18n.language as Language;
  const options: DictOption[] = (items ?? []).map((item) => ({
    value: item.value,
    label: item.labels[lang] ?? item.labels.en,
    color: item.tagColor,
  }));
  const option = (value: string | null | undefined) => options.find((o) => o.value === value);
  const label = (value: string | null | undefined) => option(value)?.label ?? (value ? fallbackLabel(value) : '');
  return {
    options,
    label,
    option,
    optionsOf: <V extends string>(values: readonly V[]): DictOption<V>[] =>
      values.map((value) => ({ value, label: label(value), color: option(value)?.color ?? 'default' })),
  };
}
