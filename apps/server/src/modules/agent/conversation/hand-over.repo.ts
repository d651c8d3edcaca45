import type { PauseReason } from '@agent-console/contracts';
import { type AnyColumn, and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { agentConversations } from '../../../db/schema';
import { userNickNameOf } from '../../system/user/user.repo';
import { CLEARED_FLAG } from './conversation.repo';

/**
 * The pause of a conversation (a person took it over, or wrote from the phone: the agent keeps
 * quiet) and the hand-over around it. Other features read and write it through these functions,
 * never through the table (issue 35).
 */

/**
 * "Until released" is a pause whose end never comes: the auto-reply runtime only asks whether
 * `paused_until > now()`, so one rule serves both kinds of pause.
 */
export const UNTIL_RELEASED = new Date('9999-12-31T00:00:00.000Z');

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
 * Whether the agent is paused for the contact `contactIdColumn` names (a person took the
 * conversation over), at `now` or, without it, at the database's now(), as an `exists`
 * sub-select: one index read within the caller's query.
 */
export function contactPausedAt(contactIdColumn: AnyColumn, now?: Date): SQL<boolean> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  // Nested, so that the columns stay qualified in a one-table select.
  const paused = sql`select 1 from ${agentConversations} where ${agentConversations.contactId} = ${contactIdColumn}
    and ${agentConversations.pausedUntil} > ${at}`;
  return sql<boolean>`exists (${paused})`;
}

/** A contact's conversation as the hand-over view reads it, with the database's clock; undefined when it has none. */
export async function contactConversationState(exec: Executor, contactId: number) {
  const [row] = await exec
    .select({
      id: agentConversations.id,
      needsPersonAt: agentConversations.needsPersonAt,
      needsPersonReason: agentConversations.needsPersonReason,
      pausedUntil: agentConversations.pausedUntil,
      pauseReason: agentConversations.pauseReason,
      pausedById: agentConversations.pausedBy,
      pausedByName: userNickNameOf(agentConversations.pausedBy),
      now: sql<Date>`now()`.mapWith(agentConversations.pausedUntil),
    })
    .from(agentConversations)
    .where(eq(agentConversations.contactId, contactId));
  return row;
}

/**
 * Take over: the agent stays quiet for `minutes`, or until released (null). A take-over replaces
 * any pause before it (a phone pause included), with the caller as its owner.
 */
export async function takeOverConversation(
  exec: Executor,
  conversationId: number,
  userId: number,
  minutes: number | null,
): Promise<void> {
  await exec
    .update(agentConversations)
    .set({
      pausedUntil: minutes === null ? UNTIL_RELEASED : sql`now() + make_interval(mins => ${minutes}::int)`,
      pausedBy: userId,
      pauseReason: 'takeover' satisfies PauseReason,
      updatedAt: sql`now()`,
    })
    .where(eq(agentConversations.id, conversationId));
}

/** Release: the agent answers the contact's next message again (whoever paused it, and why). */
export async function releaseContactConversation(exec: Executor, contactId: number): Promise<void> {
  await exec
    .update(agentConversations)
    .set({ pausedUntil: null, pausedBy: null, pauseReason: null, updatedAt: sql`now()` })
    .where(eq(agentConversations.contactId, contactId));
}

/**
 * What a reply by hand does to the conversation, in the reply's transaction: a person dealt with
 * it (needs-a-person cleared), and the agent is paused for at least `pauseMinutes` from now. A
 * longer pause stays as it was (its owner and reason too); a shorter one, or none, becomes the
 * replier's take-over.
 */
export async function markHandReply(
  tx: Executor,
  conversationId: number,
  userId: number,
  pauseMinutes: number,
): Promise<void> {
  const until = sql`now() + make_interval(mins => ${pauseMinutes}::int)`;
  const extend = sql`(${agentConversations.pausedUntil} is null or ${agentConversations.pausedUntil} < ${until})`;
  await tx
    .update(agentConversations)
    .set({
      ...CLEARED_FLAG,
      lastMessageAt: sql`now()`,
      updatedAt: sql`now()`,
      pausedUntil: sql`case when ${extend} then ${until} else ${agentConversations.pausedUntil} end`,
      pausedBy: sql`case when ${extend} then ${userId}::int else ${agentConversations.pausedBy} end`,
      pauseReason: sql`case when ${extend} then 'takeover' else ${agentConversations.pauseReason} end`,
    })
    .where(eq(agentConversations.id, conversationId));
}

/**
 * A person wrote to the contact from the phone: the agent pauses until `until` (`phone`), unless
 * a longer pause is set already, and the conversation no longer waits for a person. Answers the
 * pause in force.
 */
export async function pauseForPhone(
  exec: Executor,
  conversationId: number,
  until: Date,
  now: Date,
): Promise<Date | null | undefined> {
  await exec
    .update(agentConversations)
    .set({ pausedUntil: until, pauseReason: 'phone' satisfies PauseReason, pausedBy: null, updatedAt: now })
    .where(
      and(
        eq(agentConversations.id, conversationId),
        or(isNull(agentConversations.pausedUntil), lt(agentConversations.pausedUntil, until)),
      ),
    );
  const [row] = await exec
    .update(agentConversations)
    // A person answered: the conversation no longer waits for one.
    .set({
      lastMessageAt: sql`greatest(${agentConversations.lastMessageAt}, ${now.toISOString()}::timestamptz)`,
      ...CLEARED_FLAG,
    })
    .where(eq(agentConversations.id, conversationId))
    .returning({ pausedUntil: agentConversations.pausedUntil });
  return row?.pausedUntil;
}
