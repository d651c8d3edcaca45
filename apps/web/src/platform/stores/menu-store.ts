import type { CurrentPermissions, MenuRoute } from '@agent-console/contracts';
import { create } from 'zustand';
import { menuApi } from '../api/system-menu-current';

interface MenuState {
  /** Whether the router list has been loaded for the signed-in user. */
  loaded: boolean;
  tree: MenuRoute[];
  /** Every page the user may open, flat; client routes are built from this list only. */
  routes: MenuRoute[];
  /** Loads once after sign-in; `force` reloads (SPEC §2: again only when a reload is forced). */
  load(force?: boolean): Promise<void>;
  /**
   * Fetches the titles again in the current language (the API client sends it). The set of
   * routes the user may open is kept as loaded; only the texts change.
   */
  retitle(): Promise<void>;
  /**
   * Asks the server for the user's permissions and menus as they are now and, when they differ
   * from what was loaded (an admin changed a role, a menu or this user's roles, maybe in another
   * browser), reloads the menu and router and the user's permissions: the forced reload of SPEC §2.
   */
  sync(): Promise<void>;
  reset(): void;
}

let loading: Promise<void> | null = null;
let syncing: Promise<void> | null = null;
/** The access the loaded menu was built from; null until loaded. */
let loadedAccess: string | null = null;

/** One string for comparing two answers of the current-permissions call. */
const accessKey = (access: CurrentPermissions) => JSON.stringify(access);

/** The session store reloads the user (their permission codes) after a forced reload. */
let onAccessChanged: (() => Promise<unknown>) | undefined;
export function setAccessChangedHandler(handler: () => Promise<unknown>): void {
  onAccessChanged = handler;
}

export const useMenuStore = create<MenuState>((set, get) => ({
  loaded: false,
  tree: [],
  routes: [],

  load(force = false) {
    if (get().loaded && !force) return Promise.resolve();
    if (loading && !force) return loading;
    const run = Promise.all([menuApi.currentTree(), menuApi.currentRouter(), menuApi.currentPermissions()])
      .then(([tree, routes, access]) => {
        loadedAccess = accessKey(access);
        set({ tree, routes, loaded: true });
      })
      .finally(() => {
        if (loading === run) loading = null;
      });
    loading = run;
    return run;
  },

  async retitle() {
    if (!get().loaded) return;
    const [tree, fresh] = await Promise.all([menuApi.currentTree(), menuApi.currentRouter()]);
    const titles = new Map(fresh.map((r) => [r.name, r.meta.title]));
    set((s) => ({
      tree,
      routes: s.routes.map((r) => ({ ...r, meta: { ...r.meta, title: titles.get(r.name) ?? r.meta.title } })),
    }));
  },

  sync() {
    if (!get().loaded) return Promise.resolve();
    if (syncing) return syncing;
    const run = menuApi
      .currentPermissions()
      .then(async (access) => {
        if (accessKey(access) === loadedAccess) return;
        await Promise.all([get().load(true), onAccessChanged?.()]);
      })
      // A failed check changes nothing; the next navigation checks again.
      .catch(() => undefined)
      .finally(() => {
        if (syncing === run) syncing = null;
      });
    syncing = run;
    return run;
  },

  reset: () => {
    loading = null;
    syncing = null;
    loadedAccess = null;
    set({ loaded: false, tree: [], routes: [] });
  },
}));

/** Leaf pages of the tree with their title path ("System management / Users"), for search and Home. */
export interface MenuLeaf {
  route: MenuRoute;
  titlePath: string[];
}

export function menuLeaves(tree: MenuRoute[], includeHidden = false): MenuLeaf[] {
  const out: MenuLeaf[] = [];
  const walk = (nodes: MenuRoute[], trail: string[]) => {
    for (const n of nodes) {
      if (n.hidden && !includeHidden) continue;
      const titlePath = [...trail, n.meta.title];
      if (n.type === 'menu') out.push({ route: n, titlePath });
      walk(n.children, titlePath);
    }
  };
  walk(tree, []);
  return out;
}
