import { type Language, SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { type AnyColumn, and, count, eq, exists, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { roleName } from '../../../db/builtin-names';
import type { Executor } from '../../../db/client';
import { roleCustomers, roleMenus, roles } from '../../../db/schema';

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
  return sql<number>`(select count(*)::int from ${roleMenus} where ${roleMenus.menuId} = ${menuId})`;
}

/** How many roles hold this menu or button (a menu that roles hold may not be deleted). */
export async function menuRoleCount(exec: Executor, menuId: number): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(roleMenus).where(eq(roleMenus.menuId, menuId));
  return row?.n ?? 0;
}

/** The id of the role with this key (e.g. the super-admin's or the staff role's); undefined when there is none. */
export async function roleIdByKey(exec: Executor, key: string): Promise<number | undefined> {
  const [row] = await exec.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
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
export function roleNamesToJoin(lang: Language) {
  return new QueryBuilder()
    .select({ id: roles.id, key: roles.key, sort: roles.sort, name: roleName(lang).as('name') })
    .from(roles)
    .as('role_name');
}

/**
 * The enabled roles (id, key, data_scope) as a relation for a raw query's `from`/`join` (Postgres
 * flattens it: the plan is that of the table itself with its enabled condition).
 */
export function enabledRolesRelation(): SQL {
  return sql`(${sql`select ${roles.id} as id, ${roles.key} as key, ${roles.dataScope} as data_scope from ${roles} where ${roles.enabled}`})`;
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
