import type {
  Language,
  PageResult,
  Permission,
  PermissionNode,
  permissionPageQuerySchema,
  permissionSaveSchema,
} from '@agent-console/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import {
  buttonIdWithCode,
  deleteMenuRow,
  insertButton,
  type MenuWithRoleCount,
  menuById,
  menuWithRoleCount,
  notButtonCondition,
  pageButtonsOfMenu,
  updateButton,
} from '../menu/menu.repo';
import { type MenuRow, permissionNodeTree } from '../menu/menu.service';
import { assertMaySetCode } from '../menu/menu-code';
import { menuRoleCount } from '../role/role.repo';

type PermissionInput = z.output<typeof permissionSaveSchema>;

function toPermission(row: MenuWithRoleCount, lang: Language): Permission {
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
  const menu = await menuById(db, menuId);
  if (!menu) throw field === 'id' ? AppError.notFound() : AppError.field('A0400', field, 'invalidValue');
  if (menu.type !== 'menu') throw AppError.field('A0400', field, 'invalidValue');
  return menu;
}

async function loadButton(db: Db, id: number): Promise<MenuRow> {
  const row = await menuById(db, id);
  if (row?.type !== 'button') throw AppError.notFound();
  return row;
}

export async function pagePermissions(
  db: Db,
  menuId: number,
  q: z.output<typeof permissionPageQuerySchema>,
  lang: Language,
): Promise<PageResult<Permission>> {
  await loadPageMenu(db, menuId);
  return pageButtonsOfMenu(db, menuId, q, (row) => toPermission(row, lang));
}

/** One code once per menu; the button's unique route name is derived from the menu's. */
async function assertCodeFree(db: Db, menuId: number, code: string, exceptId?: number) {
  const clash = await buttonIdWithCode(db, menuId, code);
  if (clash !== undefined && clash !== exceptId) throw AppError.field('A0111', 'permission', 'taken');
}

async function withCount(db: Db, id: number, lang: Language): Promise<Permission> {
  const row = await menuWithRoleCount(db, id);
  if (!row) throw AppError.notFound();
  return toPermission(row, lang);
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
  const id = await guardConstraints('permission', () =>
    insertButton(db, {
      parentId: menu.id,
      name: `${menu.name}:${input.permission}`.slice(0, 200),
      titles: input.titles,
      permission: input.permission,
      sort: input.sort,
      enabled: input.enabled,
    }),
  );
  if (id === undefined) throw new Error('permission not inserted');
  return withCount(db, id, lang);
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
    updateButton(db, id, {
      parentId: menu.id,
      ...(renamed ? { name: `${menu.name}:${input.permission}`.slice(0, 200) } : {}),
      titles: input.titles,
      permission: input.permission,
      sort: input.sort,
      enabled: input.enabled,
    }),
  );
  return withCount(db, id, lang);
}

export async function deletePermission(db: Db, id: number): Promise<void> {
  await loadButton(db, id);
  if (await menuRoleCount(db, id)) throw AppError.field('A0440', 'id', 'inUse');
  await deleteMenuRow(db, id);
}

/** Directories and menus (no buttons): the left-hand tree of the permission-config screen. */
export function pageMenuTree(db: Db): Promise<PermissionNode[]> {
  return permissionNodeTree(db, notButtonCondition());
}
