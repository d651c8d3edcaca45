import { SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { roleCustomers, roleMenus, roles, userRoles } from '../../../db/schema';
import { assertInScope, scopeCondition } from '../../../http/data-scope';
import { hasPermission } from '../../../http/permission';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { roleIdsHeldBy } from './role.repo';
import { roleMenuFacts } from './role-ports';
import { mayGrantSubtree } from './role-reach';

type RoleRow = typeof roles.$inferSelect;

/** Roles shared by every customer (customerId null) are visible to all, changeable only with scope "all". */
export function roleVisible(auth: AuthContext, role: RoleRow): boolean {
  if (role.customerId === null) return true;
  return auth.dataScope.all || auth.dataScope.customerIds.includes(role.customerId);
}

export function roleChangeable(auth: AuthContext, role: RoleRow): boolean {
  if (role.key === SUPER_ADMIN_ROLE_KEY && !auth.isSuperAdmin) return false;
  if (role.customerId === null) return auth.dataScope.all;
  return roleVisible(auth, role);
}

/** A role in scope, or A0404; `change` also requires that the caller may change it. */
export async function loadRole(db: Db, auth: AuthContext, id: number, change = false): Promise<RoleRow> {
  const [role] = await db.select().from(roles).where(eq(roles.id, id));
  if (!role || !roleVisible(auth, role)) throw AppError.notFound();
  // The super-admin role is shown to super admins only (role.service.ts `visible`).
  if (role.key === SUPER_ADMIN_ROLE_KEY && !auth.isSuperAdmin) throw AppError.notFound();
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
 * never a role reaching beyond their own data (scope "all"), never permissions they lack. The one
 * "may you grant this?" check: assigning roles to a user, and choosing a customer's default role
 * (which every user registering with its invitation code receives), both pass through it.
 * `userCustomerId` is the customer the holder belongs to; null for a customer not created yet,
 * which can hold only shared roles. Refusals name `field`.
 */
export async function assertRolesGrantable(
  db: Db,
  auth: AuthContext,
  roleIds: number[],
  userCustomerId: number | null,
  field = 'roleIds',
) {
  if (!roleIds.length) return;
  const rows = await db.select().from(roles).where(inArray(roles.id, roleIds));
  if (rows.length !== new Set(roleIds).size) throw AppError.field('A0400', field, 'invalidValue');
  for (const role of rows) {
    if (!roleVisible(auth, role)) throw AppError.field('A0400', field, 'invalidValue');
    if (role.customerId !== null && role.customerId !== userCustomerId) {
      throw AppError.field('A0400', field, 'invalidValue');
    }
    if (auth.isSuperAdmin) continue;
    if (role.key === SUPER_ADMIN_ROLE_KEY || role.dataScope === 1) throw AppError.field('A0312', field, 'notGrantable');
    if (!(await reachGrantable(db, auth, role, userCustomerId))) throw AppError.field('A0312', field, 'notGrantable');
  }
  if (auth.isSuperAdmin) return;
  const granted = db.select({ id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds));
  for (const permission of await roleMenuFacts().permissionsAmong(db, granted)) {
    if (permission && !hasPermission(auth, permission)) throw AppError.field('A0312', field, 'notGrantable');
  }
}

/**
 * A role's data reaches no further than the granter's: "own customer and below" only from someone
 * who reaches that subtree for good, "listed customers" only customers the granter reaches.
 */
async function reachGrantable(db: Db, auth: AuthContext, role: RoleRow, holderCustomerId: number | null) {
  if (auth.dataScope.all) return true;
  if (role.dataScope === 4) {
    const root = role.customerId ?? holderCustomerId;
    return root !== null && (await mayGrantSubtree(db, auth, root));
  }
  if (role.dataScope === 2) {
    const listed = await db
      .select({ id: roleCustomers.customerId })
      .from(roleCustomers)
      .where(eq(roleCustomers.roleId, role.id));
    const allowed = auth.dataScope.customerIds;
    return listed.every((r) => allowed.includes(r.id));
  }
  return true;
}

/** Whether the user holds the super-admin role. */
export async function holdsSuperAdmin(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.key, SUPER_ADMIN_ROLE_KEY)));
  return !!row;
}

/**
 * Whether the caller may see another user's account: the user is inside the caller's data scope,
 * and a super-admin account only for a super admin; otherwise a customer administrator could take
 * over the admin. Answers A0404 so ids cannot be probed. `change` (edits, status, password,
 * delete) also needs the caller to be able to grant every role the user holds
 * (`assertRolesGrantable`): otherwise someone allowed only to reset passwords could reset a more
 * powerful user's, sign in as them and hold their power. A0312 naming `id` (the user is listed, so
 * there is nothing to hide).
 */
export async function assertUserActionable(
  db: Db,
  auth: AuthContext,
  user: { id: number; customerId: number },
  change = false,
) {
  assertInScope(auth, user.customerId, user.id);
  if (auth.isSuperAdmin) return;
  if (await holdsSuperAdmin(db, user.id)) throw AppError.notFound();
  if (!change || user.id === auth.userId) return;
  try {
    await assertRolesGrantable(db, auth, await roleIdsHeldBy(db, user.id), user.customerId);
  } catch (err) {
    if (err instanceof AppError) throw AppError.field('A0312', 'id', 'outranksYou');
    throw err;
  }
}

/**
 * The rows about users (their sessions, their log rows) a caller reaches: those in their data
 * scope, and of those none about a super-admin account unless the caller is a super admin, as
 * the accounts themselves (`assertUserActionable`). Otherwise a root customer's administrator
 * could end the super admin's sessions and then wipe the trace.
 */
export function userRowsInReach(auth: AuthContext, customerColumn: AnyPgColumn, userColumn: AnyPgColumn) {
  return and(scopeCondition(auth, customerColumn, userColumn), superAdminRowsHidden(auth, userColumn));
}

/** Rows of no super admin (or of no known user), for a caller who is not one; nothing for one. */
export function superAdminRowsHidden(auth: AuthContext, userColumn: AnyPgColumn): SQL | undefined {
  if (auth.isSuperAdmin) return undefined;
  return sql`(${userColumn} is null or ${userColumn} not in (select ${userRoles.userId} from ${userRoles}
    inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${roles.key} = ${SUPER_ADMIN_ROLE_KEY}))`;
}
