import type { CurrentPermissions, Menu, MenuNode, menuSaveSchema, PermissionNode } from '@agent-console/contracts';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { menus } from '../../../db/schema';
import { found } from '../../../http/found';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { buildTree } from '../../../lib/tree';
import { menuRoleCount } from '../role/role.repo';
import { grantableMenuIds } from '../role/role-access';
import { assertMaySetCode } from './menu-code';

type MenuInput = z.output<typeof menuSaveSchema>;
export type MenuRow = typeof menus.$inferSelect;

export function toMenu(row: MenuRow): Menu {
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    name: row.name,
    titles: row.titles,
    path: row.path,
    component: row.component,
    permission: row.permission,
    icon: row.icon,
    sort: row.sort,
    hidden: row.hidden,
    cache: row.cache,
    external: row.external,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The whole menu tree. A title filter keeps matching nodes together with their ancestors,
 * so the result is still a tree a user can expand to the match.
 */
export async function menuTree(db: Db, filter: { title?: string; enabled?: 'true' | 'false' }): Promise<MenuNode[]> {
  const rows = (await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id))).map(toMenu);
  const needle = filter.title?.toLowerCase();
  const enabled = filter.enabled === undefined ? undefined : filter.enabled === 'true';
  if (!needle && enabled === undefined) return buildTree(rows);
  const byId = new Map(rows.map((m) => [m.id, m]));
  const keep = new Set<number>();
  for (const m of rows) {
    const titleHit =
      !needle ||
      Object.values(m.titles).some((t) => t.toLowerCase().includes(needle)) ||
      m.name.toLowerCase().includes(needle);
    if (!titleHit || (enabled !== undefined && m.enabled !== enabled)) continue;
    for (
      let cur: Menu | undefined = m;
      cur && !keep.has(cur.id);
      cur = cur.parentId ? byId.get(cur.parentId) : undefined
    ) {
      keep.add(cur.id);
    }
  }
  return buildTree(rows.filter((m) => keep.has(m.id)));
}

/** The menus matching `where` as a tree of permission nodes (title, type, code), in menu order. */
export async function permissionNodeTree(db: Db, where: SQL | undefined): Promise<PermissionNode[]> {
  const rows = await db
    .select({
      id: menus.id,
      parentId: menus.parentId,
      type: menus.type,
      titles: menus.titles,
      permission: menus.permission,
    })
    .from(menus)
    .where(where)
    .orderBy(asc(menus.sort), asc(menus.id));
  return buildTree(rows);
}

/** Menus and buttons the caller may grant to a role: all for a super admin, else their own. */
export async function permissionTree(db: Db, auth: AuthContext): Promise<PermissionNode[]> {
  const grantable = await grantableMenuIds(db, auth);
  return permissionNodeTree(
    db,
    grantable ? (grantable.size ? inArray(menus.id, [...grantable]) : sql`false`) : undefined,
  );
}

/** The caller's permissions and menus computed now: the web refreshes its buttons with it. */
export async function currentPermissions(db: Db, auth: AuthContext): Promise<CurrentPermissions> {
  const grantable = await grantableMenuIds(db, auth);
  const ids = grantable ? [...grantable] : (await db.select({ id: menus.id }).from(menus)).map((m) => m.id);
  // A digest of every menu row: any edit changes it, however close in time to the last one.
  const [stamp] = await db
    .select({ digest: sql<string>`md5(coalesce(string_agg(to_jsonb(${menus})::text, ',' order by ${menus.id}), ''))` })
    .from(menus);
  return {
    permissions: [...auth.permissions].sort(),
    menuIds: ids.sort((a, b) => a - b),
    menusVersion: stamp?.digest ?? '',
  };
}

async function loadMenu(db: Db, id: number): Promise<MenuRow> {
  return found(db.select().from(menus).where(eq(menus.id, id)));
}

async function checkParent(db: Db, input: MenuInput, selfId?: number) {
  if (!input.parentId) {
    if (input.type === 'button') throw AppError.field('A0410', 'parentId', 'required');
    return;
  }
  const [parent] = await db.select().from(menus).where(eq(menus.id, input.parentId));
  if (!parent || parent.type === 'button') throw AppError.field('A0400', 'parentId', 'invalidValue');
  if (input.type === 'button' && parent.type !== 'menu') throw AppError.field('A0400', 'parentId', 'invalidValue');
  if (selfId === undefined) return;
  // Walk up from the new parent: meeting ourselves means a cycle.
  for (let cur: MenuRow | undefined = parent; cur; ) {
    if (cur.id === selfId) throw AppError.field('A0440', 'parentId', 'cycle');
    if (cur.parentId === null) break;
    [cur] = await db.select().from(menus).where(eq(menus.id, cur.parentId));
  }
}

/** Route name and route path are unique (buttons have no path). */
async function assertUnique(db: Db, input: MenuInput, exceptId?: number) {
  const [byName] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(sql`lower(${menus.name}) = lower(${input.name})`);
  if (byName && byName.id !== exceptId) throw AppError.field('A0111', 'name', 'taken');
  if (input.path && input.type !== 'button' && !input.external) {
    const [byPath] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.path, input.path), ne(menus.type, 'button'), eq(menus.external, false)));
    if (byPath && byPath.id !== exceptId) throw AppError.field('A0111', 'path', 'taken');
  }
}

function values(input: MenuInput) {
  const button = input.type === 'button';
  return {
    parentId: input.parentId ?? null,
    type: input.type,
    name: input.name,
    titles: input.titles,
    path: button ? null : input.path,
    component: button || input.external || input.type === 'directory' ? null : input.component,
    permission: input.permission,
    icon: button ? null : input.icon,
    sort: input.sort,
    hidden: input.hidden,
    cache: input.cache,
    external: button ? false : input.external,
    enabled: input.enabled,
  };
}

export async function createMenu(db: Db, auth: AuthContext, input: MenuInput): Promise<Menu> {
  assertMaySetCode(auth, null, input.permission);
  await checkParent(db, input);
  await assertUnique(db, input);
  const [row] = await guardConstraints('name', () => db.insert(menus).values(values(input)).returning());
  if (!row) throw new Error('menu not inserted');
  return toMenu(row);
}

export async function updateMenu(db: Db, auth: AuthContext, id: number, input: MenuInput): Promise<Menu> {
  const current = await loadMenu(db, id);
  assertMaySetCode(auth, current.permission, input.permission);
  if (input.type === 'button' && current.type !== 'button') {
    const [child] = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, id)).limit(1);
    if (child) throw AppError.field('A0440', 'type', 'hasChildren');
  }
  await checkParent(db, input, id);
  await assertUnique(db, input, id);
  const [row] = await guardConstraints('name', () =>
    db
      .update(menus)
      .set({ ...values(input), updatedAt: new Date() })
      .where(eq(menus.id, id))
      .returning(),
  );
  if (!row) throw AppError.notFound();
  return toMenu(row);
}

export async function deleteMenu(db: Db, id: number): Promise<void> {
  await loadMenu(db, id);
  const [child] = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, id)).limit(1);
  if (child) throw AppError.field('A0440', 'id', 'hasChildren');
  if (await menuRoleCount(db, id)) throw AppError.field('A0440', 'id', 'inUse');
  await guardConstraints('id', () => db.delete(menus).where(eq(menus.id, id)));
}
