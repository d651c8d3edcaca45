import type {
  Language,
  PageResult,
  Role,
  RoleDetail,
  RoleOption,
  rolePageQuerySchema,
  roleSaveSchema,
} from '@agent-console/contracts';
import { SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { and, asc, count, eq, getTableColumns, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BUILTIN_ROLE_NAMES,
  builtinRoleKeyCalled,
  roleName,
  roleNameToStore,
  shownRoleName,
} from '../../../db/builtin-names';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { roleCustomers, roleMenus, roles, userRoles } from '../../../db/schema';
import { assertCustomerAssignable } from '../../../http/data-scope';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { allCustomersExist, customerDefaultsToOneOf, customerNameOf } from '../customer/customer.repo';
import { grantableMenuIds, loadRole, roleChangeable } from './role-access';
import { roleMenuFacts, roleUserFacts } from './role-ports';
import { mayGrantSubtree } from './role-reach';

type RoleInput = z.output<typeof roleSaveSchema>;

/**
 * How many of the users `auth` reaches hold the role: a shared role is held in every customer,
 * and a customer administrator is told about their own users only.
 */
function userCount(auth: AuthContext) {
  const reach = roleUserFacts().usersInReach(auth);
  const held = and(eq(userRoles.roleId, roles.id), reach ? inArray(userRoles.userId, reach) : undefined);
  return sql<number>`(select count(*)::int from ${userRoles} where ${held})`;
}

/** A role row with its customer's name as shown in `lang` (null for shared roles). */
const columns = (lang: Language, auth: AuthContext) => ({
  ...getTableColumns(roles),
  customerName: customerNameOf(roles.customerId, lang),
  userCount: userCount(auth),
});

type Row = typeof roles.$inferSelect & { customerName: string | null; userCount: number };
function toRole(row: Row, lang: Language): Role {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    name: shownRoleName(row, lang),
    key: row.key,
    dataScope: row.dataScope,
    sort: row.sort,
    enabled: row.enabled,
    builtin: row.builtin,
    remark: row.remark,
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Shared roles plus those of customers in the caller's scope; the super-admin role only to a
 * super admin, as its holders (nobody else may grant, change or even see it).
 */
function visible(auth: AuthContext) {
  const superAdmin = auth.isSuperAdmin ? undefined : ne(roles.key, SUPER_ADMIN_ROLE_KEY);
  if (auth.dataScope.all) return superAdmin;
  const ids = auth.dataScope.customerIds;
  return and(
    superAdmin,
    ids.length ? or(isNull(roles.customerId), inArray(roles.customerId, ids)) : isNull(roles.customerId),
  );
}

export async function pageRoles(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof rolePageQuerySchema>,
  lang: Language,
): Promise<PageResult<Role>> {
  const where = and(
    visible(auth),
    q.name ? ilike(roleName(lang), containsPattern(q.name)) : undefined,
    q.key ? ilike(roles.key, containsPattern(q.key)) : undefined,
    q.enabled === undefined ? undefined : eq(roles.enabled, q.enabled),
  );
  return sortedPage(db, q, {
    select: db.select(columns(lang, auth)).from(roles),
    where,
    table: roles,
    sortable: { name: roles.name, key: roles.key, sort: roles.sort, createdAt: roles.createdAt },
    fallback: [asc(roles.sort), asc(roles.id)],
    toDto: (row) => toRole(row, lang),
  });
}

/** Options for pickers: enabled roles the caller could grant (super_admin only to super admins). */
export async function listRoleOptions(db: Db, auth: AuthContext, lang: Language): Promise<RoleOption[]> {
  return db
    .select({ id: roles.id, name: roleName(lang), key: roles.key, customerId: roles.customerId })
    .from(roles)
    .where(and(visible(auth), eq(roles.enabled, true)))
    .orderBy(asc(roles.sort), asc(roles.id));
}

export async function roleDetail(db: Db, auth: AuthContext, id: number, lang: Language): Promise<RoleDetail> {
  const role = await loadRole(db, auth, id);
  const [[row], menuRows, customerRows] = await Promise.all([
    db.select(columns(lang, auth)).from(roles).where(eq(roles.id, role.id)),
    db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id)),
    db.select({ id: roleCustomers.customerId }).from(roleCustomers).where(eq(roleCustomers.roleId, id)),
  ]);
  if (!row) throw AppError.notFound();
  return { ...toRole(row, lang), menuIds: menuRows.map((r) => r.id), customerIds: customerRows.map((r) => r.id) };
}

/**
 * Names and keys are unique among the roles seen together: a customer's role against the roles
 * of that customer and the shared ones (which every customer sees), a shared role against every
 * role. So two customers may each have an "Operator", and a customer never learns what another
 * calls its roles. A built-in role that keeps its seeded name also holds that name's translations
 * ("员工" is taken while the staff role is shown as 员工).
 */
async function assertUnique(db: Db, input: RoleInput, customerId: number | null, name: string, exceptId?: number) {
  const meant = builtinRoleKeyCalled(name);
  const clashes = await db
    .select({ id: roles.id, name: roles.name, key: roles.key })
    .from(roles)
    .where(
      and(
        customerId === null ? undefined : or(isNull(roles.customerId), eq(roles.customerId, customerId)),
        or(
          sql`lower(${roles.name}) = lower(${name})`,
          sql`lower(${roles.key}) = lower(${input.key})`,
          meant
            ? and(
                eq(roles.builtin, true),
                eq(roles.key, meant),
                eq(roles.name, BUILTIN_ROLE_NAMES[meant]?.seeded ?? ''),
              )
            : undefined,
        ),
      ),
    );
  for (const c of clashes) {
    if (c.id === exceptId) continue;
    throw AppError.field('A0111', c.key.toLowerCase() === input.key.toLowerCase() ? 'key' : 'name', 'taken');
  }
}

/**
 * What a role may reach: no one but a super admin creates "all", and no one makes a role that
 * reaches beyond their own scope (a scope-3 admin cannot widen a role to "own and below").
 */
async function checkScope(db: Db, auth: AuthContext, input: RoleInput, customerId: number | null) {
  if (customerId !== null) assertCustomerAssignable(auth, customerId);
  else if (!auth.dataScope.all) throw AppError.field('A0312', 'customerId', 'notGrantable');
  if (input.dataScope === 1 && !auth.isSuperAdmin) throw AppError.field('A0312', 'dataScope', 'notGrantable');
  if (input.dataScope === 4 && customerId !== null && !(await mayGrantSubtree(db, auth, customerId))) {
    throw AppError.field('A0312', 'dataScope', 'notGrantable');
  }
  if (input.dataScope === 2) {
    for (const id of input.customerIds) {
      if (!auth.dataScope.all && !auth.dataScope.customerIds.includes(id)) {
        throw AppError.field('A0312', 'customerIds', 'notGrantable');
      }
    }
  }
}

async function writeCustomers(db: Db, roleId: number, input: RoleInput) {
  await db.delete(roleCustomers).where(eq(roleCustomers.roleId, roleId));
  const ids = input.dataScope === 2 ? [...new Set(input.customerIds)] : [];
  if (!ids.length) return;
  if (!(await allCustomersExist(db, ids))) throw AppError.field('A0400', 'customerIds', 'invalidValue');
  await db.insert(roleCustomers).values(ids.map((customerId) => ({ roleId, customerId })));
}

/** The columns a save writes, a create's and an update's alike (`name` as stored). */
function savedColumns(customerId: number | null, name: string, input: RoleInput) {
  return {
    customerId,
    name,
    key: input.key,
    dataScope: input.dataScope,
    sort: input.sort,
    enabled: input.enabled,
    remark: input.remark,
  };
}

export async function createRole(db: Db, auth: AuthContext, input: RoleInput, lang: Language): Promise<RoleDetail> {
  // Without "all" a role always belongs to a customer, by default the caller's own.
  const customerId = input.customerId ?? (auth.dataScope.all ? null : auth.customerId);
  await checkScope(db, auth, input, customerId);
  await assertUnique(db, input, customerId, input.name);
  const id = await guardConstraints(['key', 'name'], () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(roles)
        .values(savedColumns(customerId, input.name, input))
        .returning({ id: roles.id });
      if (!row) throw new Error('role not inserted');
      await writeCustomers(tx as unknown as Db, row.id, input);
      return row.id;
    }),
  );
  return roleDetail(db, auth, id, lang);
}

export async function updateRole(
  db: Db,
  auth: AuthContext,
  id: number,
  input: RoleInput,
  lang: Language,
): Promise<RoleDetail> {
  const role = await loadRole(db, auth, id, true);
  const name = roleNameToStore(role, input.name);
  if (role.key === SUPER_ADMIN_ROLE_KEY && (input.key !== role.key || input.dataScope !== 1 || !input.enabled)) {
    throw AppError.field('A0440', 'key', 'builtin');
  }
  if (role.builtin && input.key !== role.key) throw AppError.field('A0440', 'key', 'builtin');
  const customerId = input.customerId === undefined ? role.customerId : input.customerId;
  await checkScope(db, auth, input, customerId);
  await assertUnique(db, input, customerId, name, id);
  await guardConstraints(['key', 'name'], () =>
    db.transaction(async (tx) => {
      await tx
        .update(roles)
        .set({ ...savedColumns(customerId, name, input), updatedAt: new Date() })
        .where(eq(roles.id, id));
      await writeCustomers(tx as unknown as Db, id, input);
    }),
  );
  return roleDetail(db, auth, id, lang);
}

/** Replaces the role's menus and buttons; takes effect on its users' next request. */
export async function updateRolePermissions(db: Db, auth: AuthContext, id: number, menuIds: number[], lang: Language) {
  const role = await loadRole(db, auth, id, true);
  if (role.key === SUPER_ADMIN_ROLE_KEY) throw AppError.field('A0440', 'id', 'builtin');
  const ids = [...new Set(menuIds)];
  if (!(await roleMenuFacts().allExist(db, ids))) throw AppError.field('A0400', 'menuIds', 'invalidValue');
  const grantable = await grantableMenuIds(db, auth);
  if (grantable && ids.some((m) => !grantable.has(m))) throw AppError.field('A0312', 'menuIds', 'notGrantable');
  await db.transaction(async (tx) => {
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
    if (ids.length) await tx.insert(roleMenus).values(ids.map((menuId) => ({ roleId: id, menuId })));
    // An operator's choice: the seed tells an unchanged built-in role by this (db/seed/staff-menus.ts).
    // The database's clock, so it is later than `created_at` even within the same millisecond.
    await tx.update(roles).set({ updatedAt: sql`clock_timestamp()` }).where(eq(roles.id, id));
  });
  return roleDetail(db, auth, id, lang);
}

export async function deleteRoles(db: Db, auth: AuthContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (const id of unique) {
    const role = await loadRole(db, auth, id, true);
    if (!roleChangeable(auth, role)) throw AppError.notFound();
    if (role.builtin) throw AppError.field('A0440', 'ids', 'builtin');
  }
  const [assigned] = await db.select({ n: count() }).from(userRoles).where(inArray(userRoles.roleId, unique));
  if (assigned?.n) throw AppError.field('A0440', 'ids', 'inUse');
  if (await customerDefaultsToOneOf(db, unique)) throw AppError.field('A0440', 'ids', 'inUse');
  await db.delete(roles).where(inArray(roles.id, unique));
}
