import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { sessions, users } from '../../../db/schema';
import { subtreeCondition } from '../../../http/data-scope';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** What a new session row holds (sign-in writes it; only the token's hash is stored). */
export type NewSession = Omit<typeof sessions.$inferInsert, 'createdAt' | 'lastSeenAt'>;

export async function insertSession(exec: Executor, values: NewSession): Promise<void> {
  await exec.insert(sessions).values(values);
}

/** Deletes the session with this token hash; whether there was one. */
export async function deleteSessionByTokenHash(exec: Executor, tokenHash: string): Promise<boolean> {
  const deleted = await exec.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Records the session's last activity. */
export async function touchSession(exec: Executor, id: string, at: Date): Promise<void> {
  await exec.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

/**
 * The live session of this token hash with its user (id, username, customer_id, enabled), as a
 * relation for a raw query's `from` (PostgreSQL flattens it into the join it stands for): what
 * resolving a caller starts from, in the caller's one statement.
 */
export function liveSessionOfTokenRelation(tokenHash: string, now: Date): SQL {
  return sql`(${sql`select ${sessions.id} as session_id, ${sessions.lastSeenAt} as last_seen_at,
    ${sessions.expiresAt} as expires_at, ${users.id} as user_id, ${users.username} as username,
    ${users.customerId} as customer_id, ${users.enabled} as enabled
    from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.tokenHash} = ${tokenHash} and ${sessions.expiresAt} > ${now}`})`;
}

/**
 * The sessions with their user's username and nickname, as a subquery to join or select from
 * (PostgreSQL flattens it: the plan is that of the join of the two tables).
 */
export function sessionsWithUserToJoin() {
  return new QueryBuilder()
    .select({
      id: sessions.id,
      userId: sessions.userId,
      customerId: sessions.customerId,
      ip: sessions.ip,
      browser: sessions.browser,
      os: sessions.os,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      username: users.username,
      nickName: users.nickName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .as('session_user');
}

/** Deletes the sessions with these ids (a forced sign-out). */
export async function deleteSessions(exec: Executor, ids: string[]): Promise<void> {
  await exec.delete(sessions).where(inArray(sessions.id, ids));
}

/**
 * Ends every session of a user (signs them out everywhere), but the one `keepSessionId` names
 * when given (the caller's own, after changing their password).
 */
export async function deleteSessionsOfUser(exec: Executor, userId: number, keepSessionId?: string): Promise<void> {
  await exec
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId)));
}

/** Ends every session of the users of this customer and of every customer below it (it is disabled). */
export async function deleteSessionsOfCustomerSubtree(exec: Executor, customerId: number): Promise<void> {
  await exec
    .delete(sessions)
    .where(
      inArray(
        sessions.userId,
        exec.select({ id: users.id }).from(users).where(subtreeCondition(users.customerId, customerId)),
      ),
    );
}
