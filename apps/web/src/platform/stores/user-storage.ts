import { APP_NAME, APP_VERSION } from '@agent-console/contracts';

/**
 * Per-user local settings of SPEC §3 (page.opened, size, color, theme activeName, transition,
 * user.info and the aside state), kept under one key that names the user, e.g.
 * `agent-console-1.18.0-alice-settings`, with a schema version so a release can migrate the
 * record instead of wiping it.
 */
export const USER_STORAGE_VERSION = 1;

export interface StoredTab {
  fullPath: string;
  path: string;
  /** Route name: a menu name from the server, or a static route's name. */
  name: string;
  query: Record<string, string>;
  params: Record<string, string>;
  meta: { title: string; cache: boolean };
}

export interface UserRecord {
  version: number;
  page: { opened: StoredTab[] };
  size: string;
  color: string;
  theme: { activeName: string };
  transition: { active: boolean };
  menu: { asideCollapse: boolean };
  user: { info: { username: string; nickName: string } | null };
}

export function userStorageKey(username: string): string {
  return `${APP_NAME}-${APP_VERSION}-${username}-settings`;
}

export function emptyRecord(): UserRecord {
  return {
    version: USER_STORAGE_VERSION,
    page: { opened: [] },
    size: 'default',
    color: '#409EFF',
    theme: { activeName: 'classic' },
    transition: { active: true },
    menu: { asideCollapse: false },
    user: { info: null },
  };
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Brings any stored shape up to the current version. Version 0 is the flat shape an early build
 * might have written ({ opened, size, color }); unknown or damaged values fall back to defaults
 * one field at a time, so one bad field never costs the user their other settings.
 */
export function migrate(raw: unknown): UserRecord {
  const base = emptyRecord();
  if (!isObject(raw)) return base;
  const src: Loose = raw.version === undefined ? { ...raw, page: { opened: raw.opened } } : raw;
  const page = isObject(src.page) ? src.page : {};
  const opened = Array.isArray(page.opened) ? page.opened.filter(isTab) : [];
  const theme = isObject(src.theme) ? src.theme : {};
  const transition = isObject(src.transition) ? src.transition : {};
  const menu = isObject(src.menu) ? src.menu : {};
  const user = isObject(src.user) && isObject(src.user.info) ? src.user.info : null;
  return {
    version: USER_STORAGE_VERSION,
    page: { opened },
    size: typeof src.size === 'string' ? src.size : base.size,
    color: typeof src.color === 'string' ? src.color : base.color,
    theme: { activeName: typeof theme.activeName === 'string' ? theme.activeName : base.theme.activeName },
    transition: { active: typeof transition.active === 'boolean' ? transition.active : true },
    menu: { asideCollapse: menu.asideCollapse === true },
    user: {
      info:
        user && typeof user.username === 'string' && typeof user.nickName === 'string'
          ? { username: user.username, nickName: user.nickName }
          : null,
    },
  };
}

function isTab(v: unknown): v is StoredTab {
  if (!isObject(v) || typeof v.fullPath !== 'string' || typeof v.path !== 'string' || typeof v.name !== 'string')
    return false;
  v.query = isObject(v.query) ? v.query : {};
  v.params = isObject(v.params) ? v.params : {};
  const meta = isObject(v.meta) ? v.meta : {};
  v.meta = { title: typeof meta.title === 'string' ? meta.title : '', cache: meta.cache === true };
  return true;
}

export function readUserRecord(username: string): UserRecord {
  try {
    const text = localStorage.getItem(userStorageKey(username));
    return migrate(text ? JSON.parse(text) : null);
  } catch {
    return emptyRecord();
  }
}

/** Applies a change to the stored record at once (every change is persisted, ANCHORS §A). */
export function updateUserRecord(username: string, change: (record: UserRecord) => void): void {
  if (!username) return;
  const record = readUserRecord(username);
  change(record);
  try {
    localStorage.setItem(userStorageKey(username), JSON.stringify(record));
  } catch {
    // Storage full or disabled: the settings still apply for this visit.
  }
}
