import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { menus, roleMenus, roles } from '../schema';
import {
  STAFF_ADMIN_ONLY_MENUS,
  STAFF_MENU_ROOTS,
  STAFF_MENU_ROOTS_ADDED_BY_ISSUE_34,
  STAFF_MENU_ROOTS_BEFORE_ISSUE_34,
} from './menu-tree';

type MenuRow = { id: number; parentId: number | null; name: string };
type DatedMenuRow = MenuRow & { type: string; createdLater: boolean };
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

/** The named roots and their descendants, less the admin-only screens. */
function staffMenuIdsUnder(all: MenuRow[], roots: readonly string[]): Set<number> {
  const excluded = subtreeIds(all, STAFF_ADMIN_ONLY_MENUS);
  return new Set([...subtreeIds(all, roots)].filter((id) => !excluded.has(id)));
}

/** What the staff role gets by default: its roots and their descendants, less the admin-only screens. */
export function staffDefaultMenuIds(all: MenuRow[]): number[] {
  return [...staffMenuIdsUnder(all, STAFF_MENU_ROOTS)];
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
  const oldDefault = subtreeIds(thenExisting, STAFF_MENU_ROOTS_BEFORE_ISSUE_34);
  const held = new Set(granted.map((g) => g.id));
  if (held.size !== oldDefault.size || [...oldDefault].some((id) => !held.has(id))) return false;
  const adminOnly = [...subtreeIds(thenExisting, STAFF_ADMIN_ONLY_MENUS)].filter((id) => held.has(id));
  if (!adminOnly.length) return false;
  await db.delete(roleMenus).where(and(eq(roleMenus.roleId, staff.id), inArray(roleMenus.menuId, adminOnly)));
  return true;
}

/**
 * Issue 34: databases seeded before it gave staff no App management, so a customer's own users
 * could not create or start the app their AI screens and chat accounts need. A staff role nobody
 * changed gets App info (and its buttons) on the next start; one an operator changed is left as
 * it is. Unchanged means all of:
 *
 * - the role row was never edited (`updated_at` is still `created_at`: the role screen's edit and
 *   its permission assignment both set it);
 * - it holds nothing outside what the seed before issue 34 granted (the old roots less the
 *   admin-only screens);
 * - it holds every such menu that existed when the role was created;
 * - whatever it holds that came later is a button of a page it holds (the seed hands a new button
 *   to every role holding its page).
 *
 * Once granted the role holds App info, outside the old set, so this runs once; an operator who
 * then takes App info away has edited the role, so it is not granted again.
 */
export async function grantAppsToUnchangedStaff(db: Db, staff: RoleRow): Promise<boolean> {
  const granted = await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, staff.id));
  if (!granted.length) return false;
  const [edited] = await db
    .select({ edited: sql<boolean>`${roles.updatedAt} > ${roles.createdAt}` })
    .from(roles)
    .where(eq(roles.id, staff.id));
  if (!edited || edited.edited) return false;
  const all: DatedMenuRow[] = await db
    .select({
      id: menus.id,
      parentId: menus.parentId,
      name: menus.name,
      type: menus.type,
      // Compared in SQL: a JavaScript Date keeps milliseconds, PostgreSQL keeps microseconds.
      createdLater: sql<boolean>`${menus.createdAt} > (select ${roles.createdAt} from ${roles} where ${roles.id} = ${staff.id})`,
    })
    .from(menus);
  const held = new Set(granted.map((g) => g.id));
  const oldRegion = staffMenuIdsUnder(all, STAFF_MENU_ROOTS_BEFORE_ISSUE_34);
  if ([...held].some((id) => !oldRegion.has(id))) return false;
  const thenExisting = all.filter((m) => !m.createdLater);
  const grantedAtCreation = staffMenuIdsUnder(thenExisting, STAFF_MENU_ROOTS_BEFORE_ISSUE_34);
  if ([...grantedAtCreation].some((id) => !held.has(id))) return false;
  const byId = new Map(all.map((m) => [m.id, m]));
  const seededLater = (id: number) => {
    const m = byId.get(id);
    return !!m && m.type === 'button' && m.parentId !== null && held.has(m.parentId);
  };
  if ([...held].some((id) => !grantedAtCreation.has(id) && !seededLater(id))) return false;
  const added = [...staffMenuIdsUnder(all, STAFF_MENU_ROOTS_ADDED_BY_ISSUE_34)];
  if (!added.length) return false;
  await db
    .insert(roleMenus)
    .values(added.map((menuId) => ({ roleId: staff.id, menuId })))
    .onConflictDoNothing();
  return true;
}
