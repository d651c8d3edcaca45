import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  ilike,
  isNotNull,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { users } from '../../../db/schema';
import { scopeCondition } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { holdsOneOf } from '../role/role.repo';
import { userRowsInReach } from '../role/role-access';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/**
 * The enabled users of the customer with a non-empty email who hold one of `roleIds` (a sub-select
 * of role ids), by id; `where` adds conditions that name no users column (e.g. the customer active).
 */
export function enabledUsersWithEmailHolding(
  exec: Executor,
  customerId: number,
  roleIds: SQLWrapper,
  where?: SQL,
): Promise<{ userId: number; email: string | null }[]> {
  return exec
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.customerId, customerId),
        eq(users.enabled, true),
        isNotNull(users.email),
        ne(users.email, ''),
        where,
        holdsOneOf(exec, users.id, roleIds),
      ),
    )
    .orderBy(asc(users.id));
}

/** A user's email (null when they have none or there is no such user). */
export async function userEmail(exec: Executor, userId: number): Promise<string | null> {
  const [row] = await exec.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/**
 * The ids of the users `auth` reaches (its data scope, and no super admin unless it is one), as a
 * sub-select; undefined for a super admin, who reaches every user.
 */
export function userIdsInReach(auth: AuthContext): SQL | undefined {
  if (auth.isSuperAdmin) return undefined;
  return sql`(select ${users.id} from ${users} where ${userRowsInReach(auth, users.customerId, users.id) ?? sql`true`})`;
}

/** The nickname (what a person knows a user by) of the user `idColumn` names, as a correlated subquery; null for none. */
export function userNickNameOf(idColumn: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select ${sql`${users.nickName}`} from ${users} where ${eq(users.id, idColumn)})`;
}

/** How many users the customer `customerId` names has, as a correlated subquery (a list stays one query). */
export function userCountOfCustomer(customerId: AnyColumn): SQL<number> {
  // eq(): a column written straight into a select field loses its table (drizzle, one-table selects).
  return sql<number>`(select count(*)::int from ${users} where ${eq(users.customerId, customerId)})`;
}

/** How many users the customer has. */
export async function customerUserCount(exec: Executor, customerId: number): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(users).where(eq(users.customerId, customerId));
  return row?.n ?? 0;
}

/** Whether the customer has a user (a customer with users may not be deleted). */
export async function customerHasUsers(exec: Executor, customerId: number): Promise<boolean> {
  const [row] = await exec.select({ id: users.id }).from(users).where(eq(users.customerId, customerId)).limit(1);
  return row !== undefined;
}

/** A user's nickname (null for no such user). */
export async function userNickName(exec: Executor, userId: number): Promise<string | null> {
  const [row] = await exec.select({ name: users.nickName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** A user as a picker lists them (the chat accounts' owner filter). */
export interface UserOption {
  id: number;
  username: string;
  nickName: string;
  customerId: number;
}

const userOptionColumns = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  customerId: users.customerId,
};

/** Users inside the caller's scope: scope 5 ("only their own rows") sees only themselves. */
const usersInScope = (auth: AuthContext) => scopeCondition(auth, users.customerId, users.id);

/**
 * Users in the caller's scope whose username or nickname matches `keyword` (an ILIKE pattern), of
 * `customerId` when given, by nickname (case-insensitive) then id: at most `limit` of them.
 */
export function usersInScopeMatching(
  exec: Executor,
  auth: AuthContext,
  filter: { keyword?: string | undefined; customerId?: number | undefined },
  limit: number,
): Promise<UserOption[]> {
  const { keyword, customerId } = filter;
  return exec
    .select(userOptionColumns)
    .from(users)
    .where(
      and(
        usersInScope(auth),
        keyword ? or(ilike(users.username, keyword), ilike(users.nickName, keyword)) : undefined,
        customerId ? eq(users.customerId, customerId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.nickName})`), asc(users.id))
    .limit(limit);
}

/** The user with this id as a picker lists them, when the caller's scope holds them (else an empty list). */
export function userOptionInScope(exec: Executor, auth: AuthContext, id: number): Promise<UserOption[]> {
  return exec
    .select(userOptionColumns)
    .from(users)
    .where(and(usersInScope(auth), eq(users.id, id)));
}

/** A user's row. */
export type UserRow = typeof users.$inferSelect;

/** The user with exactly this username (undefined when there is none). */
export async function userByUsername(exec: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await exec.select().from(users).where(eq(users.username, username));
  return row;
}

/** The user whose username is this one, case aside (undefined when there is none): whom a sign-in names. */
export async function userByUsernameIgnoringCase(exec: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await exec.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return row;
}

/** Whether a user has this username, case aside (usernames are unique so). */
export async function usernameTaken(exec: Executor, username: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return row !== undefined;
}

/** Inserts a user (a registration) and answers its id and username. */
export async function insertUser(
  exec: Executor,
  values: Pick<typeof users.$inferInsert, 'customerId' | 'username' | 'nickName' | 'passwordHash'>,
): Promise<{ id: number; username: string } | undefined> {
  const [row] = await exec.insert(users).values(values).returning({ id: users.id, username: users.username });
  return row;
}

/**
 * The id and customer of the user with this id, or else with this username case aside (a sign-in
 * event names only the username); undefined when there is none.
 */
export async function userIdAndCustomer(
  exec: Executor,
  by: { userId: number } | { username: string },
): Promise<{ id: number; customerId: number } | undefined> {
  const [row] = await exec
    .select({ id: users.id, customerId: users.customerId })
    .from(users)
    .where('userId' in by ? eq(users.id, by.userId) : sql`lower(${users.username}) = ${by.username.toLowerCase()}`);
  return row;
}
