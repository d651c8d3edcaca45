import type {
  Dept,
  DeptNode,
  deptPageQuerySchema,
  deptSaveSchema,
  Language,
  PageResult,
} from '@agent-console/contracts';
import { REPLY_RESERVE_DEFAULT } from '@agent-console/contracts';
import type { z } from 'zod';
import { customerNameToStore, shownCustomerName } from '../../../db/builtin-names';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { assertCustomerAssignable, assertInScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { buildTree } from '../../../lib/tree';
import {
  type CustomerRow,
  type CustomerWithCount,
  customerById,
  customerHasChildren,
  customersInScope,
  deleteCustomer,
  hasEnabledDescendant,
  insertCustomer,
  pageCustomersInScope,
  rebaseDescendants,
  siblingNamed,
  updateCustomer,
} from '../customer/customer.repo';
import { createInvitationCode } from '../customer/invitation.repo';
import { customerHasRoles } from '../role/role.repo';
import { assertRolesGrantable } from '../role/role-access';
import { mayGrantSubtree } from '../role/role-reach';
import { deleteSessionsOfCustomerSubtree } from '../user/session.repo';
import { customerHasUsers, customerUserCount, userCountOfCustomer } from '../user/user.repo';

/**
 * The customer screen (`/system/dept`). The customers are system/customer's, below every feature;
 * the screen stands above system/user and system/role, since it counts a customer's users, signs
 * them out when it is disabled, refuses to delete one that has users or roles and checks the
 * default role a customer hands out.
 */

type DeptInput = z.output<typeof deptSaveSchema>;

function toDept(row: CustomerWithCount, lang: Language): Dept {
  return {
    id: row.id,
    parentId: row.parentId,
    ancestors: row.ancestors,
    name: shownCustomerName(row, lang),
    sort: row.sort,
    leader: row.leader,
    phone: row.phone,
    email: row.email,
    enabled: row.enabled,
    defaultRoleId: row.defaultRoleId,
    timeZone: row.timeZone,
    replyReservePercent: row.replyReservePercent,
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDepts(db: Db, auth: AuthContext, lang: Language): Promise<Dept[]> {
  const rows = await customersInScope(db, auth, userCountOfCustomer);
  return rows.map((row) => toDept(row, lang));
}

export async function deptTree(db: Db, auth: AuthContext, lang: Language): Promise<DeptNode[]> {
  return buildTree(await listDepts(db, auth, lang));
}

export async function pageDepts(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof deptPageQuerySchema>,
  lang: Language,
): Promise<PageResult<Dept>> {
  return pageCustomersInScope(db, auth, q, lang, userCountOfCustomer, (row) => toDept(row, lang));
}

/** A customer inside the caller's scope, or A0404. */
export async function loadCustomerInScope(db: Db, auth: AuthContext, id: number): Promise<CustomerRow> {
  const row = await customerById(db, id);
  if (!row) throw AppError.notFound();
  assertInScope(auth, row.id);
  return row;
}

async function loadParent(db: Db, auth: AuthContext, parentId: number): Promise<CustomerRow> {
  const parent = await customerById(db, parentId);
  if (!parent) throw AppError.field('A0400', 'parentId', 'invalidValue');
  assertCustomerAssignable(auth, parent.id);
  if (!parent.enabled) throw AppError.field('A0440', 'parentId', 'parentDisabled');
  return parent;
}

/**
 * A default role is handed to everyone who registers with the customer's invitation code, so
 * choosing one is granting it: it passes the same check as assigning a role to a user
 * (`assertRolesGrantable`), naming `defaultRoleId`. `customerId` is null for a customer being
 * created, which can only take a shared role.
 */
async function checkDefaultRole(
  db: Db,
  auth: AuthContext,
  roleId: number | null | undefined,
  customerId: number | null,
) {
  if (!roleId) return;
  await assertRolesGrantable(db, auth, [roleId], customerId, 'defaultRoleId');
}

/**
 * A customer whose invitation code the caller may read or renew: in scope, and its default role
 * one they could have chosen. The code hands that role to whoever registers with it, so reading
 * it is granting the role; someone who may not grant it (A0312 naming `defaultRoleId`) would
 * otherwise register an account holding what they lack.
 */
export async function loadInvitingCustomer(db: Db, auth: AuthContext, id: number): Promise<CustomerRow> {
  const row = await loadCustomerInScope(db, auth, id);
  await checkDefaultRole(db, auth, row.defaultRoleId, row.id);
  return row;
}

/** The parent's default role passes to a new child only if the caller could have chosen it. */
async function inheritableDefaultRole(db: Db, auth: AuthContext, parent: CustomerRow): Promise<number | null> {
  if (!parent.defaultRoleId) return null;
  try {
    await checkDefaultRole(db, auth, parent.defaultRoleId, null);
    return parent.defaultRoleId;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

async function assertNameFree(db: Db, parentId: number | null, name: string, exceptId?: number) {
  const clash = await siblingNamed(db, parentId, name);
  if (clash !== undefined && clash !== exceptId) throw AppError.field('A0111', 'name', 'taken');
}

export async function createDept(db: Db, auth: AuthContext, input: DeptInput, lang: Language): Promise<Dept> {
  if (!input.parentId) throw AppError.field('A0410', 'parentId', 'required');
  const parent = await loadParent(db, auth, input.parentId);
  // A caller who reaches the parent but not what is added below it (own customer, a list) would
  // make a customer they can never see or manage, and that keeps their own from being disabled.
  if (!(await mayGrantSubtree(db, auth, parent.id))) throw AppError.field('A0312', 'parentId', 'childOutOfReach');
  await assertNameFree(db, parent.id, input.name);
  await checkDefaultRole(db, auth, input.defaultRoleId, null);
  const defaultRoleId = input.defaultRoleId ?? (await inheritableDefaultRole(db, auth, parent));
  const created = await guardConstraints('name', () =>
    db.transaction(async (tx) => {
      const row = await insertCustomer(tx, {
        parentId: parent.id,
        ancestors: [...parent.ancestors, parent.id],
        name: input.name,
        sort: input.sort,
        leader: input.leader,
        phone: input.phone,
        email: input.email,
        timeZone: input.timeZone,
        replyReservePercent: input.replyReservePercent ?? REPLY_RESERVE_DEFAULT,
        enabled: input.enabled,
        defaultRoleId,
      });
      await createInvitationCode(tx, row.id);
      return row;
    }),
  );
  return toDept({ ...created, userCount: 0 }, lang);
}

export async function updateDept(
  db: Db,
  auth: AuthContext,
  id: number,
  input: DeptInput,
  lang: Language,
): Promise<Dept> {
  const row = await loadCustomerInScope(db, auth, id);
  const name = customerNameToStore(row, input.name);
  let ancestors = row.ancestors;
  let parentId = row.parentId;
  if (row.parentId === null) {
    // The root stays the root.
    if (input.parentId) throw AppError.field('A0440', 'parentId', 'builtin');
  } else {
    if (!input.parentId) throw AppError.field('A0410', 'parentId', 'required');
    if (input.parentId !== row.parentId) {
      if (input.parentId === id) throw AppError.field('A0440', 'parentId', 'cycle');
      const parent = await loadParent(db, auth, input.parentId);
      if (parent.ancestors.includes(id)) throw AppError.field('A0440', 'parentId', 'cycle');
      ancestors = [...parent.ancestors, parent.id];
      parentId = parent.id;
    } else if (input.enabled) {
      const parent = await customerById(db, row.parentId);
      if (parent && !parent.enabled) throw AppError.field('A0440', 'parentId', 'parentDisabled');
    }
  }
  if (!input.enabled && row.enabled) {
    if (await hasEnabledDescendant(db, id)) throw AppError.field('A0440', 'enabled', 'childrenEnabled');
    if (auth.customerId === id) throw AppError.field('A0440', 'id', 'ownCustomer');
  }
  await assertNameFree(db, parentId, name, id);
  // Keeping the default role someone else chose is no grant; choosing a new one is.
  if ((input.defaultRoleId ?? null) !== row.defaultRoleId) await checkDefaultRole(db, auth, input.defaultRoleId, id);
  const disabling = !input.enabled && row.enabled;
  const updated = await guardConstraints('name', () =>
    db.transaction(async (tx) => {
      const saved = await updateCustomer(tx, id, {
        parentId,
        ancestors,
        name,
        sort: input.sort,
        leader: input.leader,
        phone: input.phone,
        email: input.email,
        timeZone: input.timeZone,
        ...(input.replyReservePercent !== undefined ? { replyReservePercent: input.replyReservePercent } : {}),
        enabled: input.enabled,
        defaultRoleId: input.defaultRoleId ?? null,
      });
      if (parentId !== row.parentId) await rebaseDescendants(tx, id, row.ancestors, ancestors);
      // A disabled customer's users are signed out at once (sign-in and session resolution refuse
      // them from now on), in the same transaction as the switch.
      if (disabling) await deleteSessionsOfCustomerSubtree(tx, id);
      return saved;
    }),
  );
  if (!updated) throw AppError.notFound();
  return toDept({ ...updated, userCount: await customerUserCount(db, id) }, lang);
}

export async function deleteDept(db: Db, auth: AuthContext, id: number): Promise<void> {
  const row = await loadCustomerInScope(db, auth, id);
  if (row.parentId === null) throw AppError.field('A0440', 'id', 'builtin');
  if (await customerHasChildren(db, id)) throw AppError.field('A0440', 'id', 'hasChildren');
  if (await customerHasUsers(db, id)) throw AppError.field('A0440', 'id', 'hasUsers');
  if (await customerHasRoles(db, id)) throw AppError.field('A0440', 'id', 'inUse');
  // Posts, jobs, documents... still pointing here make the foreign key refuse: reported as in use.
  await guardConstraints('id', () => deleteCustomer(db, id));
}
