import { type Language, SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { roleName } from '../../../db/builtin-names';
import type { Executor } from '../../../db/client';
import { roleCustomers, roleMenus, roles, userRoles } from '../../../db/schema';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/**
 * The ids of the enabled roles that grant one of `menuIds` (a sub-select of menu ids), or every
 * permission as the super-admin role does: a sub-select, for `inArray` in the caller's query.
 */
export function enabledRoleIdsGranting(exec: Executor, menuIds: SQLWrapper): SQLWrapper {
  return exec
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.enabled, true),
        or(
          eq(roles.key, SUPER_ADMIN_ROLE_KEY),
          exists(
            exec
              .select({ one: sql`1` })
              .from(roleMenus)
              .where(and(eq(roleMenus.roleId, roles.id), inArray(roleMenus.menuId, menuIds))),
          ),
        ),
      ),
    );
}

/** How many roles hold the menu or button `menuId` names, as a correlated subquery (a list stays one query). */
export function roleCountOfMenu(menuId: AnyColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${roleMenus} where ${eq(roleMenus.menuId, menuId)})`;
}

/** How many roles hold this menu or button (a menu that roles hold may not be deleted). */
export async function menuRoleCount(exec: Executor, menuId: number): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(roleMenus).where(eq(roleMenus.menuId, menuId));
  return row?.n ?? 0;
}

/**
 * The id of the shared role with this key (the super-admin's or the staff role's); undefined when
 * there is none. Keys are unique per customer, so only the shared role is meant by a key alone.
 */
export async function roleIdByKey(exec: Executor, key: string): Promise<number | undefined> {
  const [row] = await exec
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.key, key), isNull(roles.customerId)));
  return row?.id;
}

/** Whether any role belongs to the customer (a customer with roles may not be deleted). */
export async function customerHasRoles(exec: Executor, customerId: number): Promise<boolean> {
  const [row] = await exec.select({ id: roles.id }).from(roles).where(eq(roles.customerId, customerId)).limit(1);
  return row !== undefined;
}

/**
 * The roles' id, key, sort and name as shown in `lang`, as a subquery to join by `id` (Postgres
 * flattens it: the plan is that of a join of the table itself).
 */
function roleNamesToJoin(lang: Language) {
  return new QueryBuilder()
    .select({ id: roles.id, key: roles.key, sort: roles.sort, name: roleName(lang).as('name') })
    .from(roles)
    .as('role_name');
}

/**
 * The enabled roles (id, key, data_scope) as a relation for a raw query's `from`/`join` (Postgres
 * flattens it: the plan is that of the table itself with its enabled condition).
 */
function enabledRolesRelation(): SQL {
  return sql`(${sql`select ${roles.id} as id, ${roles.key} as key, ${roles.dataScope} as data_scope from ${roles} where ${roles.enabled}`})`;
}

/**
 * The enabled roles the user `userId` names (SQL, e.g. a column of the caller's raw query) holds,
 * as one row of arrays for a `cross join lateral`: `keys`, `scopes` (data scopes as int), `ids`
 * and `custom_ids` (those of data scope 2); each null when the user holds none.
 */
export function enabledRolesHeldBy(userId: SQL): SQL {
  return sql`(select array_agg(ro.key) as keys, array_agg(ro.data_scope::int) as scopes, array_agg(ro.id) as ids,
        array_agg(ro.id) filter (where ro.data_scope = 2) as custom_ids
      from ${userRoles} ur join ${enabledRolesRelation()} ro on ro.id = ur.role_id
      where ur.user_id = ${userId})`;
}

/** Whether the user `userId` names holds one of `roleIds` (a sub-select of role ids): an `exists` condition. */
export function holdsOneOf(exec: Executor, userId: AnyColumn, roleIds: SQLWrapper): SQL {
  return exists(
    exec
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, roleIds))),
  );
}

/** The roles (id and name as shown in `lang`) the users `userIds` hold, by role sort. */
export function rolesHeldBy(
  exec: Executor,
  userIds: number[],
  lang: Language,
): Promise<{ userId: number; id: number; name: string }[]> {
  const role = roleNamesToJoin(lang);
  return exec
    .select({ userId: userRoles.userId, id: role.id, name: role.name })
    .from(userRoles)
    .innerJoin(role, eq(role.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(role.sort));
}

/** The roles (id, key and name as shown in `lang`) the user holds, by role sort. */
export function rolesOfUser(
  exec: Executor,
  userId: number,
  lang: Language,
): Promise<{ id: number; key: string; name: string }[]> {
  const role = roleNamesToJoin(lang);
  return exec
    .select({ id: role.id, key: role.key, name: role.name })
    .from(userRoles)
    .innerJoin(role, eq(role.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(role.sort);
}

/** Gives the user one more role (a new user's first). */
export async function grantRole(exec: Executor, userId: number, roleId: number): Promise<void> {
  await exec.insert(userRoles).values({ userId, roleId });
}

/** The ids of the roles the user holds. */
export async function roleIdsHeldBy(exec: Executor, userId: number): Promise<number[]> {
  const rows = await exec.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.id);
}

/** Replaces the roles the user holds by `roleIds`. */
export async function setRolesHeld(exec: Executor, userId: number, roleIds: number[]): Promise<void> {
  await exec.delete(userRoles).where(eq(userRoles.userId, userId));
  const ids = [...new Set(roleIds)];
  if (ids.length) await exec.insert(userRoles).values(ids.map((roleId) => ({ userId, roleId })));
}

/** The ids of the menus and buttons granted to any of `roleIds` (SQL of an id array): a sub-select for `in (...)`. */
export function menuIdsGrantedToRoles(roleIds: SQL): SQL {
  return sql`select ${roleMenus.menuId} from ${roleMenus} where ${roleMenus.roleId} = any(${roleIds})`;
}

/** The customers that custom data scopes of any of `roleIds` (SQL of an id array) grant, as an array subquery (null for none). */
export function customCustomerIdsOfRoles(roleIds: SQL): SQL<number[] | null> {
  return sql<
    number[] | null
  >`(select array_agg(distinct rc.customer_id) from ${roleCustomers} rc where rc.role_id = any(${roleIds}))`;
}
