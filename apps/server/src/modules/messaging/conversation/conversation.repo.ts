import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { agentConversations } from '../../../db/schema';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** A conversation's pause and app (undefined when there is no such conversation). */
export async function conversationPauseAndApp(
  exec: Executor,
  conversationId: number,
): Promise<{ pausedUntil: Date | null; appId: number | null } | undefined> {
  const [row] = await exec
    .select({ pausedUntil: agentConversations.pausedUntil, appId: agentConversations.appId })
    .from(agentConversations)
    .where(eq(agentConversations.id, conversationId));
  return row;
}

/** Moves a conversation to another app (the account it runs on was given that app). */
export async function setConversationApp(exec: Executor, conversationId: number, appId: number): Promise<void> {
  await exec.update(agentConversations).set({ appId }).where(eq(agentConversations.id, conversationId));
}

/** Locks a conversation's row for update (run in the caller's transaction) and reads its pause; undefined when gone. */
export async function lockConversationPause(
  tx: Executor,
  conversationId: number,
): Promise<{ pausedUntil: Date | null } | undefined> {
  const [row] = await tx
    .select({ pausedUntil: agentConversations.pausedUntil })
    .from(agentConversations)
    .where(eq(agentConversations.id, conversationId))
    .for('update');
  return row;
}

/**
 * Whether the agent is paused at `now` for the contact `contactIdColumn` names (a person took the
 * conversation over), as an `exists` sub-select: one index read within the caller's query.
 */
export function contactPausedAt(contactIdColumn: AnyColumn, now: Date): SQL<boolean> {
  // Nested, so that the columns stay qualified in a one-table select.
  const paused = sql`select 1 from ${agentConversations} where ${agentConversations.contactId} = ${contactIdColumn}
    and ${agentConversations.pausedUntil} > ${now.toISOString()}::timestamptz`;
  return sql<boolean>`exists (${paused})`;
}
