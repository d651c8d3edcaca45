import type {
  Language,
  PageResult,
  Permission,
  PermissionNode,
  permissionPageQuerySchema,
  permissionSaveSchema,
} from '@agent-console/contracts';
import { and, asc, count, eq, ilike, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { menus, roleMenus } from '../../../db/schema';
import { found } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { assertMaySetCode } from '../auth/auth-context.service';
import { permissionNodeTree } from '../menu/menu.service';

type PermissionInput = z.output<typeof permissionSaveSchema>;
type MenuRow = typeof menus.$inferSelect;

const roleCount = sql<number>`(select count(*)::int from ${roleMenus} where ${roleMenus.menuId} = ${menus.id})`;

function toPermission(row: MenuRow & { roleCount: number }, lang: Language): Permission {
  return {
    id: row.id,
    menuId: row.parentId ?? 0,
    name: row.name,
    title: row.titles[lang] || row.titles.en,
    titles: row.titles,
    permission: row.permission ?? '',
    sort: row.sort,
    enabled: row.enabled,
    roleCount: Number(row.roleCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Permissions are the buttons of a menu page: a permission code such as `system:user:add`. */
async function loadPageMenu(db: Db, menuId: number, field = 'id'): Promise<MenuRow> {
  const [menu] = await db.select().from(menus).where(eq(menus.id, menuId));
  if (!menu) throw field === 'id' ? AppError.notFound() : AppError.field('A0400', field, 'invalidValue');
  if (menu.type !== 'menu') throw AppError.field('A0400', field, 'invalidValue');
  return menu;
}

async function loadButton(db: Db, id: number): Promise<MenuRow> {
  return found(
    db
      .select()
      .from(menus)
      .where(and(eq(menus.id, id), eq(menus.type, 'button'))),
  );
}

export async function pagePermissions(
  db: Db,
  menuId: number,
  q: z.output<typeof permissionPageQuerySchema>,
  lang: Language,
): Promise<PageResult<Permission>> {
  await loadPageMenu(db, menuId);
  const where = and(
    eq(menus.parentId, menuId),
    eq(menus.type, 'button'),
    q.permission ? ilike(menus.permission, containsPattern(q.permission)) : undefined,
  );
  return sortedPage(db, q, {
    select: db.select({ menu: menus, roleCount }).from(menus),
    where,
    table: menus,
    sortable: { permission: menus.permission, sort: menus.sort, createdAt: menus.createdAt },
    fallback: [asc(menus.sort), asc(menus.id)],
    toDto: (r) => toPermission({ ...r.menu, roleCount: r.roleCount }, lang),
  });
}

/** One code once per menu; the button's unique route name is derived from the menu's. */
async function assertCodeFree(db: Db, menuId: number, code: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.parentId, menuId), eq(menus.type, 'button'), eq(menus.permission, code)));
  if (clash && clash.id !== exceptId) throw AppError.field('A0111', 'permission', 'taken');
}

async function withCount(db: Db, id: number, lang: Language): Promise<Permission> {
  const row = await found(db.select({ menu: menus, roleCount }).from(menus).where(eq(menus.id, id)));
  return toPermission({ ...row.menu, roleCount: row.roleCount }, lang);
}

export async function createPermission(
  db: Db,
  auth: AuthContext,
  input: PermissionInput,
  lang: Language,
): Promise<Permission> {
  assertMaySetCode(auth, null, input.permission);
  const menu = await loadPageMenu(db, input.menuId, 'menuId');
  await assertCodeFree(db, menu.id, input.permission);
  const [row] = await guardConstraints('permission', () =>
    db
      .insert(menus)
      .values({
        parentId: menu.id,
        type: 'button',
        name: `${menu.name}:${input.permission}`.slice(0, 200),
        titles: input.titles,
        permission: input.permission,
        sort: input.sort,
        enabled: input.enabled,
      })
      .returning({ id: menus.id }),
  );
  if (!row) throw new Error('permission not inserted');
  return withCount(db, row.id, lang);
}

export async function updatePermission(
  db: Db,
  auth: AuthContext,
  id: number,
  input: PermissionInput,
  lang: Language,
): Promise<Permission> {
  const current = await loadButton(db, id);
  assertMaySetCode(auth, current.permission, input.permission);
  const menu = await loadPageMenu(db, input.menuId, 'menuId');
  await assertCodeFree(db, menu.id, input.permission, id);
  const renamed = current.parentId !== menu.id || current.permission !== input.permission;
  await guardConstraints('permission', () =>
    db
      .update(menus)
      .set({
        parentId: menu.id,
        ...(renamed ? { name: `${menu.name}:${input.permission}`.slice(0, 200) } : {}),
        titles: input.titles,
        permission: input.permission,
        sort: input.sort,
        enabled: input.enabled,
        updatedAt: new Date(),
      })
      .where(eq(menus.id, id)),
  );
  return withCount(db, id, lang);
}

export async function deletePermission(db: Db, id: number): Promise<void> {
  await loadButton(db, id);
  const [assigned] = await db.select({ n: count() }).from(roleMenus).where(eq(roleMenus.menuId, id));
  if (assigned?.n) throw AppError.field('A0440', 'id', 'inUse');
  await db.delete(menus).where(eq(menus.id, id));
}

/** Directories and menus (no buttons): the left-hand tree of the permission-config screen. */
export function pageMenuTree(db: Db): Promise<PermissionNode[]> {
  return permissionNodeTree(db, ne(menus.type, 'button'));
}
