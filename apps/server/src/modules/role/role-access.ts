import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menus, roleMenus, roles, userRoles } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { hasPermission } from '../auth/auth-context.service';

export const SUPER_ADMIN_KEY = 'super_admin';
type RoleRow = typeof roles.$inferSelect;

/** Roles shared by every customer (customerId null) are visible to all, changeable only with scope "all". */
export function roleVisible(auth: AuthContext, role: RoleRow): boolean {
  if (role.customerId === null) return true;
  return auth.dataScope.all || auth.dataScope.customerIds.includes(role.customerId);
}

export function roleChangeable(auth: AuthContext, role: RoleRow): boolean {
  if (role.key === SUPER_ADMIN_KEY && !auth.isSuperAdmin) return false;
  if (role.customerId === null) return auth.dataScope.all;
  return roleVisible(auth, role);
}

/** A role in scope, or A0404; `change` also requires that the caller may change it. */
export async function loadRole(db: Db, auth: AuthContext, id: number, change = false): Promise<RoleRow> {
  const [role] = await db.select().from(roles).where(eq(roles.id, id));
  if (!role || !roleVisible(auth, role)) throw AppError.notFound();
  if (change && !roleChangeable(auth, role)) throw AppError.notFound();
  return role;
}

/** Menu ids the caller holds through their enabled roles; null means "everything" (super admin). */
export async function grantableMenuIds(db: Db, auth: AuthContext): Promise<Set<number> | null> {
  if (auth.isSuperAdmin) return null;
  const rows = await db
    .selectDistinct({ id: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(and(eq(userRoles.userId, auth.userId), eq(roles.enabled, true)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Whether the caller may hand these roles to a user: never super_admin unless they are one,
 * never a role reaching beyond their own data (scope "all"), never permissions they lack.
 */
export async function assertRolesGrantable(db: Db, auth: AuthContext, roleIds: number[], userCustomerId: number) {
  if (!roleIds.length) return;
  const rows = await db.select().from(roles).where(inArray(roles.id, roleIds));
  if (rows.length !== new Set(roleIds).size) throw AppError.field('A0400', 'roleIds', 'invalidValue');
  for (const role of rows) {
    if (!roleVisible(auth, role)) throw AppError.field('A0400', 'roleIds', 'invalidValue');
    if (role.customerId !== null && role.customerId !== userCustomerId) {
      throw AppError.field('A0400', 'roleIds', 'invalidValue');
    }
    if (auth.isSuperAdmin) continue;
    if (role.key === SUPER_ADMIN_KEY || role.dataScope === 1) throw AppError.field('A0312', 'roleIds', 'notGrantable');
  }
  if (auth.isSuperAdmin) return;
  const codes = await db
    .selectDistinct({ permission: menus.permission })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(inArray(roleMenus.roleId, roleIds));
  for (const { permission } of codes) {
    if (permission && !hasPermission(auth, permission)) throw AppError.field('A0312', 'roleIds', 'notGrantable');
  }
}
