import type {
  Dept,
  DeptNode,
  deptPageQuerySchema,
  deptSaveSchema,
  Language,
  PageResult,
} from '@agent-console/contracts';
import { REPLY_RESERVE_DEFAULT } from '@agent-console/contracts';
import { and, asc, count, eq, getTableColumns, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { customerName, customerNameToStore, shownCustomerName } from '../../../db/builtin-names';
import type { Db } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { customers, sessions, users } from '../../../db/schema';
import { assertCustomerAssignable, assertInScope, scopeCondition, subtreeCondition } from '../../../http/data-scope';
import { found } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { buildTree } from '../../../lib/tree';
import { customerHasRoles } from '../role/role.repo';
import { assertRolesGrantable } from '../role/role-access';
import { createInvitationCode } from './invitation.service';

type DeptInput = z.output<typeof deptSaveSchema>;
type CustomerRow = typeof customers.$inferSelect;

const userCount = sql<number>`(select count(*)::int from ${users} where ${users.customerId} = ${customers.id})`;

function toDept(row: CustomerRow & { userCount: number }, lang: Language): Dept {
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

/** Customers are scoped by their own id: a customer row "belongs" to itself. */
const inScope = (auth: AuthContext) => scopeCondition(auth, customers.id);

export async function listDepts(db: Db, auth: AuthContext, lang: Language): Promise<Dept[]> {
  const rows = await db
    .select({ ...getTableColumns(customers), userCount })
    .from(customers)
    .where(inScope(auth))
    .orderBy(asc(customers.sort), asc(customers.id));
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
  const shown = customerName(lang);
  const where = and(
    inScope(auth),
    q.name ? ilike(shown, containsPattern(q.name)) : undefined,
    q.enabled === undefined ? undefined : eq(customers.enabled, q.enabled),
    q.parentId ? subtreeCondition(customers.id, q.parentId) : undefined,
  );
  return sortedPage(db, q, {
    select: db.select({ ...getTableColumns(customers), userCount }).from(customers),
    where,
    table: customers,
    sortable: { name: customers.name, sort: customers.sort, createdAt: customers.createdAt },
    fallback: [asc(customers.sort), asc(customers.id)],
    toDto: (row) => toDept(row, lang),
  });
}

/** A customer inside the caller's scope, or A0404. */
export async function loadCustomerInScope(db: Db, auth: AuthContext, id: number): Promise<CustomerRow> {
  const row = await found(db.select().from(customers).where(eq(customers.id, id)));
  assertInScope(auth, row.id);
  return row;
}

async function loadParent(db: Db, auth: AuthContext, parentId: number): Promise<CustomerRow> {
  const [parent] = await db.select().from(customers).where(eq(customers.id, parentId));
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
  const [clash] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        parentId === null ? isNull(customers.parentId) : eq(customers.parentId, parentId),
        sql`lower(${customers.name}) = lower(${name})`,
      ),
    );
  if (clash && clash.id !== exceptId) throw AppError.field('A0111', 'name', 'taken');
}

export async function createDept(db: Db, auth: AuthContext, input: DeptInput, lang: Language): Promise<Dept> {
  if (!input.parentId) throw AppError.field('A0410', 'parentId', 'required');
  const parent = await loadParent(db, auth, input.parentId);
  await assertNameFree(db, parent.id, input.name);
  await checkDefaultRole(db, auth, input.defaultRoleId, null);
  const defaultRoleId = input.defaultRoleId ?? (await inheritableDefaultRole(db, auth, parent));
  const created = await guardConstraints('name', () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customers)
        .values({
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
        })
        .returning();
      if (!row) throw new Error('customer not inserted');
      await createInvitationCode(tx as unknown as Db, row.id);
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
      const [parent] = await db
        .select({ enabled: customers.enabled })
        .from(customers)
        .where(eq(customers.id, row.parentId));
      if (parent && !parent.enabled) throw AppError.field('A0440', 'parentId', 'parentDisabled');
    }
  }
  if (!input.enabled && row.enabled) {
    const [child] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.enabled, true), sql`${customers.ancestors} @> ARRAY[${id}]::integer[]`))
      .limit(1);
    if (child) throw AppError.field('A0440', 'enabled', 'childrenEnabled');
    if (auth.customerId === id) throw AppError.field('A0440', 'id', 'ownCustomer');
  }
  await assertNameFree(db, parentId, name, id);
  // Keeping the default role someone else chose is no grant; choosing a new one is.
  if ((input.defaultRoleId ?? null) !== row.defaultRoleId) await checkDefaultRole(db, auth, input.defaultRoleId, id);
  const disabling = !input.enabled && row.enabled;
  const updated = await guardConstraints('name', () =>
    db.transaction(async (tx) => {
      const [saved] = await tx
        .update(customers)
        .set({
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
          updatedAt: new Date(),
        })
        .where(eq(customers.id, id))
        .returning();
      if (parentId !== row.parentId) await moveDescendants(tx as unknown as Db, id, row.ancestors, ancestors);
      // A disabled customer's users are signed out at once (sign-in and session resolution refuse
      // them from now on), in the same transaction as the switch.
      if (disabling) await endSessionsOfSubtree(tx as unknown as Db, id);
      return saved;
    }),
  );
  if (!updated) throw AppError.notFound();
  const [n] = await db.select({ n: count() }).from(users).where(eq(users.customerId, id));
  return toDept({ ...updated, userCount: n?.n ?? 0 }, lang);
}

/** Ends every session of the users of this customer and of every customer below it. */
async function endSessionsOfSubtree(db: Db, customerId: number) {
  await db
    .delete(sessions)
    .where(
      inArray(
        sessions.userId,
        db.select({ id: users.id }).from(users).where(subtreeCondition(users.customerId, customerId)),
      ),
    );
}

/** Rewrites the ancestors of every customer below a moved one: old prefix → new prefix. */
async function moveDescendants(db: Db, id: number, oldPrefix: number[], newPrefix: number[]) {
  const below = await db
    .select({ id: customers.id, ancestors: customers.ancestors })
    .from(customers)
    .where(sql`${customers.ancestors} @> ARRAY[${id}]::integer[]`);
  for (const node of below) {
    const rest = node.ancestors.slice(oldPrefix.length);
    await db
      .update(customers)
      .set({ ancestors: [...newPrefix, ...rest] })
      .where(eq(customers.id, node.id));
  }
}

export async function deleteDept(db: Db, auth: AuthContext, id: number): Promise<void> {
  const row = await loadCustomerInScope(db, auth, id);
  if (row.parentId === null) throw AppError.field('A0440', 'id', 'builtin');
  const [child] = await db.select({ id: customers.id }).from(customers).where(eq(customers.parentId, id)).limit(1);
  if (child) throw AppError.field('A0440', 'id', 'hasChildren');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.customerId, id)).limit(1);
  if (user) throw AppError.field('A0440', 'id', 'hasUsers');
  if (await customerHasRoles(db, id)) throw AppError.field('A0440', 'id', 'inUse');
  // Posts, jobs, documents... still pointing here make the foreign key refuse: reported as in use.
  await guardConstraints('id', () => db.delete(customers).where(eq(customers.id, id)));
}
