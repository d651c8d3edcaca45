import type { Language, MenuRoute } from '@agent-console/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { menus } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { buildTree, type TreeNode } from '../../../lib/tree';
import { grantableMenuIds } from '../role/role-access';

type MenuRow = typeof menus.$inferSelect;

const EXTERNAL_LINK = /^https?:\/\//i;

/**
 * The directories and menus the caller may see: a super-admin sees every enabled one; anyone else
 * the menus linked to their enabled roles plus the ancestors needed to reach them. A menu under a
 * disabled ancestor is unreachable, so it is left out too. Buttons never appear here.
 */
async function visibleMenus(db: Db, auth: AuthContext): Promise<MenuRow[]> {
  const all = await db
    .select()
    .from(menus)
    .where(and(ne(menus.type, 'button'), eq(menus.enabled, true)))
    .orderBy(menus.sort, menus.id);
  const byId = new Map(all.map((m) => [m.id, m]));
  const reachable = (m: MenuRow): boolean => {
    let parentId = m.parentId;
    // Walk up; a parent missing from `all` is a disabled (or button) ancestor.
    for (let depth = 0; parentId !== null && depth < 64; depth++) {
      const parent = byId.get(parentId);
      if (!parent) return false;
      parentId = parent.parentId;
    }
    return true;
  };
  if (auth.isSuperAdmin) return all.filter(reachable);

  const grantedIds = (await grantableMenuIds(db, auth)) ?? new Set<number>();
  const keep = new Set<number>();
  for (const m of all) {
    if (!grantedIds.has(m.id) || !reachable(m)) continue;
    // A granted menu brings along the directories above it.
    for (let cur: MenuRow | undefined = m; cur && !keep.has(cur.id); ) {
      keep.add(cur.id);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
  }
  return all.filter((m) => keep.has(m.id));
}

function joinPath(parentPath: string | null, path: string | null): string | null {
  if (!path) return null;
  if (path.startsWith('/') || EXTERNAL_LINK.test(path)) return path;
  const base = parentPath && !EXTERNAL_LINK.test(parentPath) ? parentPath.replace(/\/+$/, '') : '';
  return `${base}/${path}`;
}

function toRoute(m: MenuRow, path: string | null, lang: Language): MenuRoute {
  return {
    id: m.id,
    path,
    name: m.name,
    type: m.type === 'directory' ? 'directory' : 'menu',
    hidden: m.hidden,
    meta: {
      title: m.titles[lang] || m.titles.en || m.name,
      auth: true,
      cache: m.cache,
      icon: m.icon,
      external: m.external || (path !== null && EXTERNAL_LINK.test(path)),
    },
    component: m.component,
    children: [],
  };
}

/** Nested tree of the caller's directories and menus, titles in `lang`. */
export async function currentMenuTree(db: Db, auth: AuthContext, lang: Language): Promise<MenuRoute[]> {
  // Every visible menu's ancestors are visible too (see visibleMenus), so the roots are parentless.
  const toRoutes = (nodes: TreeNode<MenuRow>[], parentPath: string | null): MenuRoute[] =>
    nodes.map((m) => {
      const route = toRoute(m, joinPath(parentPath, m.path), lang);
      route.children = toRoutes(m.children, route.path);
      return route;
    });
  return toRoutes(buildTree(await visibleMenus(db, auth)), null);
}

/** Every page (type menu, hidden ones included) the caller may open, flat, for building routes. */
export async function currentRouter(db: Db, auth: AuthContext, lang: Language): Promise<MenuRoute[]> {
  const tree = await currentMenuTree(db, auth, lang);
  const out: MenuRoute[] = [];
  const walk = (nodes: MenuRoute[]) => {
    for (const n of nodes) {
      if (n.type === 'menu') out.push({ ...n, children: [] });
      walk(n.children);
    }
  };
  walk(tree);
  return out;
}
