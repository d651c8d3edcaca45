import type { PageResult } from '@agent-console/contracts';
import { and, asc, eq, ilike, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { menus } from '../../../db/schema';
import { type PageRequest, type RequestedOrder, sortedPage } from '../../../http/paging';
import { roleCountOfMenu } from '../role/role.repo';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** The ids of the enabled menus and buttons carrying `permission`: a sub-select, for `inArray` in the caller's query. */
export function enabledMenuIdsWithPermission(exec: Executor, permission: string): SQLWrapper {
  return exec
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.enabled, true), eq(menus.permission, permission)));
}

/**
 * The distinct permission codes of the enabled menus and buttons among `menuIds` (a sub-select of
 * menu ids), as an array subquery (null for none): what a caller's roles let them do.
 */
export function enabledPermissionsOf(menuIds: SQL): SQL<string[] | null> {
  return sql<string[] | null>`(select array_agg(distinct m.permission) from ${menus} m
        where m.id in (${menuIds}) and m.enabled and m.permission is not null)`;
}

/** Whether every one of these ids (given without repeats) names a menu, directory or button. */
export async function allMenusExist(exec: Executor, ids: readonly number[]): Promise<boolean> {
  if (!ids.length) return true;
  const rows = await exec
    .select({ id: menus.id })
    .from(menus)
    .where(inArray(menus.id, [...ids]));
  return rows.length === ids.length;
}

/** The distinct permission codes (null for a menu without one) of the menus `menuIds` (a sub-select of menu ids) names. */
export async function distinctPermissionsAmong(exec: Executor, menuIds: SQLWrapper): Promise<(string | null)[]> {
  const rows = await exec
    .selectDistinct({ permission: menus.permission })
    .from(menus)
    .where(inArray(menus.id, menuIds));
  return rows.map((r) => r.permission);
}

/** Every menu, directory and button with its type and permission code (null for none). */
export function allMenuPermissions(
  exec: Executor,
): Promise<{ id: number; type: (typeof menus.$inferSelect)['type']; permission: string | null }[]> {
  return exec.select({ id: menus.id, type: menus.type, permission: menus.permission }).from(menus);
}

/** A row of the menus table: a directory, a menu page or a button (a permission code). */
type MenuTableRow = typeof menus.$inferSelect;

/** A menu, directory or button by id (undefined when there is none). */
export async function menuById(exec: Executor, id: number): Promise<MenuTableRow | undefined> {
  const [row] = await exec.select().from(menus).where(eq(menus.id, id));
  return row;
}

/** A menu row with how many roles hold it (what the permission screen lists). */
export type MenuWithRoleCount = MenuTableRow & { roleCount: number };

const withRoleCount = { menu: menus, roleCount: roleCountOfMenu(menus.id) };

/** The menu row `id` names with how many roles hold it (undefined when there is none). */
export async function menuWithRoleCount(exec: Executor, id: number): Promise<MenuWithRoleCount | undefined> {
  const [row] = await exec.select(withRoleCount).from(menus).where(eq(menus.id, id));
  return row && { ...row.menu, roleCount: row.roleCount };
}

/**
 * One page of the buttons of menu `menuId` whose code contains `permission` (when given), each with
 * how many roles hold it, sorted as the page asks and then by sort and id.
 */
export function pageButtonsOfMenu<T>(
  exec: Executor,
  menuId: number,
  page: PageRequest & {
    orderBy?: RequestedOrder<'permission' | 'sort' | 'createdAt'>;
    permission?: string | undefined;
  },
  toDto: (row: MenuWithRoleCount) => T,
): Promise<PageResult<T>> {
  return sortedPage(exec, page, {
    select: exec.select(withRoleCount).from(menus),
    where: and(
      eq(menus.parentId, menuId),
      eq(menus.type, 'button'),
      page.permission ? ilike(menus.permission, containsPattern(page.permission)) : undefined,
    ),
    table: menus,
    sortable: { permission: menus.permission, sort: menus.sort, createdAt: menus.createdAt },
    fallback: [asc(menus.sort), asc(menus.id)],
    toDto: (r) => toDto({ ...r.menu, roleCount: r.roleCount }),
  });
}

/** The id of a button of menu `menuId` carrying `code` (undefined when none does). */
export async function buttonIdWithCode(exec: Executor, menuId: number, code: string): Promise<number | undefined> {
  const [row] = await exec
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.parentId, menuId), eq(menus.type, 'button'), eq(menus.permission, code)));
  return row?.id;
}

/** What a button (a permission) is written with. */
export type ButtonValues = Pick<MenuTableRow, 'parentId' | 'name' | 'titles' | 'permission' | 'sort' | 'enabled'>;

/** Inserts a button and answers its id (undefined when nothing was inserted). */
export async function insertButton(exec: Executor, values: ButtonValues): Promise<number | undefined> {
  const [row] = await exec
    .insert(menus)
    .values({ ...values, type: 'button' })
    .returning({ id: menus.id });
  return row?.id;
}

/** Writes a button's values (the name only when given) and stamps its update time. */
export async function updateButton(
  exec: Executor,
  id: number,
  values: Omit<ButtonValues, 'name'> & { name?: string },
): Promise<void> {
  await exec
    .update(menus)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(menus.id, id));
}

/** Deletes a menu row (a button, as a rule); the foreign keys decide whether anything refuses. */
export async function deleteMenuRow(exec: Executor, id: number): Promise<void> {
  await exec.delete(menus).where(eq(menus.id, id));
}

/** The condition "not a button" over the menus table: directories and menu pages only. */
export function notButtonCondition(): SQL {
  return ne(menus.type, 'button');
}
