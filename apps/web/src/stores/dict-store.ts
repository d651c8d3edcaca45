import type { DictCache, DictCacheItem, Language } from '@agent-console/contracts';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { api } from '../api/client';
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
    const cache = await api.get<DictCache>('/api/v3/system/dict/cache/get', { silent: true }).catch(() => null);
    if (!cache) return;
    localStorage.setItem(DICT_STORAGE_KEY, JSON.stringify(cache));
    set(cache);
  },
}));

// Refresh after every sign-in and page load with a session (SPEC §4: caches are refreshed after
// login): the session store sets `user` in both cases.
useSessionStore.subscribe((state, previous) => {
  if (state.user && state.user.id !== previous.user?.id) void useDictStore.getState().refresh();
});

export interface DictOption {
  value: string;
  label: string;
  color: DictCacheItem['tagColor'];
}

/**
 * One dictionary's entries in the current language, for selects, tags and table cells:
 * `const gender = useDict('user_gender'); gender.label(user.gender)`.
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
  return {
    options,
    label: (value: string | null | undefined) => options.find((o) => o.value === value)?.label ?? value ?? '',
    option: (value: string | null | undefined) => options.find((o) => o.value === value),
  };
}
