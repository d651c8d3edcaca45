import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { menus, roleMenus, roles } from '../schema';
import { STAFF_ADMIN_ONLY_MENUS, STAFF_MENU_ROOTS } from './menu-tree';

type MenuRow = { id: number; parentId: number | null; name: string };
type RoleRow = typeof roles.$inferSelect;

/** The ids of the named menus and of everything below them. */
function subtreeIds(all: MenuRow[], rootNames: readonly string[]): Set<number> {
  const picked = new Set(all.filter((m) => rootNames.includes(m.name)).map((m) => m.id));
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of all) {
      if (m.parentId !== null && picked.has(m.parentId) && !picked.has(m.id)) {
        picked.add(m.id);
        grew = true;
      }
    }
  }
  return picked;
}

/** What the staff role gets by default: its roots and their descendants, less the admin-only screens. */
export function staffDefaultMenuIds(all: MenuRow[]): number[] {
  const excluded = subtreeIds(all, STAFF_ADMIN_ONLY_MENUS);
  return [...subtreeIds(all, STAFF_MENU_ROOTS)].filter((id) => !excluded.has(id));
}

/** A new staff role (no menus yet) gets the default set. */
export async function grantStaffDefaults(db: Db, staff: RoleRow): Promise<void> {
  const has = await db.select().from(roleMenus).where(eq(roleMenus.roleId, staff.id)).limit(1);
  if (has.length) return;
  const all = await db.select({ id: menus.id, parentId: menus.parentId, name: menus.name }).from(menus);
  const ids = staffDefaultMenuIds(all);
  if (ids.length) await db.insert(roleMenus).values(ids.map((menuId) => ({ roleId: staff.id, menuId })));
}

/**
 * Databases seeded before issue 13 gave staff every screen under its roots, the admin-only
 * permission config included. If the staff role still holds exactly what that seed granted (every
 * menu under the roots that existed when the role was created, in the same transaction), nobody
 * has changed it, so the admin-only screens are taken away. Any other set is an operator's choice
 * and is left as it is. After the change the set no longer matches, so this runs once.
 */
export async function withdrawAdminOnlyFromUnchangedStaff(db: Db, staff: RoleRow): Promise<boolean> {
  const granted = await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, staff.id));
  if (!granted.length) return false;
  const thenExisting = await db
    .select({ id: menus.id, parentId: menus.parentId, name: menus.name })
    .from(menus)
    // Compared in SQL: a JavaScript Date keeps milliseconds, PostgreSQL keeps microseconds.
    .where(lte(menus.createdAt, sql`(select ${roles.createdAt} from ${roles} where ${roles.id} = ${staff.id})`));
  const oldDefault = subtreeIds(thenExisting, STAFF_MENU_ROOTS);
  const held = new Set(granted.map((g) => g.id));
  if (held.size !== oldDefault.size || [...oldDefault].some((id) => !held.has(id))) return false;
  const adminOnly = [...subtreeIds(thenExisting, STAFF_ADMIN_ONLY_MENUS)].filter((id) => held.has(id));
  if (!adminOnly.length) return false;
  await db.delete(roleMenus).where(and(eq(roleMenus.roleId, staff.id), inArray(roleMenus.menuId, adminOnly)));
  return true;
}
