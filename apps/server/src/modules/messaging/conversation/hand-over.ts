import type { ConversationState, NeedsPersonReason, PauseReason } from '@agent-console/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { agentConversations } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { openContactConversation } from '../../agent/answer/conversations';
import { CLEARED_FLAG } from '../../agent/answer/needs-person-flag';
import { userNickNameOf } from '../../system/user/user.repo';
import type { ScopedContact } from './contact-scope';

/**
 * "Until released" is a pause whose end never comes: the auto-reply runtime only asks whether
 * `paused_until > now()`, so one rule serves both kinds of pause.
 */
export const UNTIL_RELEASED = new Date('9999-12-31T00:00:00.000Z');

const isUntilReleased = (until: Date) => until.getTime() >= UNTIL_RELEASED.getTime();

/** The contact's conversation, created on first use (a take-over before the agent ever answered). */
export function contactConversation(db: Db, { contact, account }: ScopedContact): Promise<number> {
  return openContactConversation(db, account, contact);
}

/** The hand-over state of a contact as the conversation view shows it. */
export async function readState(db: Executor, { contact, account }: ScopedContact): Promise<ConversationState> {
  const [row] = await db
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
    .where(eq(agentConversations.contactId, contact.id));
  // The database's clock, as the runtime's `paused_until > now()` uses.
  const paused = !!row?.pausedUntil && row.pausedUntil > row.now;
  const quietBecause = paused
    ? 'paused'
    : contact.relationship !== 'default'
      ? 'relationship'
      : account.appId === null
        ? 'noApp'
        : null;
  return {
    conversationId: row?.id ?? null,
    paused,
    pausedUntil: paused && row?.pausedUntil && !isUntilReleased(row.pausedUntil) ? row.pausedUntil.toISOString() : null,
    untilReleased: paused && !!row?.pausedUntil && isUntilReleased(row.pausedUntil),
    pauseReason: paused ? ((row?.pauseReason as PauseReason | null) ?? null) : null,
    pausedBy: paused && row?.pausedById ? { id: row.pausedById, name: row.pausedByName ?? '' } : null,
    needsPerson: !!row?.needsPersonAt,
    needsPersonAt: row?.needsPersonAt?.toISOString() ?? null,
    needsPersonReason: row?.needsPersonAt ? ((row.needsPersonReason as NeedsPersonReason | null) ?? null) : null,
    quietBecause,
  };
}

/**
 * Take over: the agent stays quiet for this contact for `minutes`, or until released (null). A
 * take-over replaces any pause before it (a phone pause included), with the caller as its owner.
 */
export async function takeOver(
  db: Db,
  auth: AuthContext,
  scoped: ScopedContact,
  minutes: number | null,
): Promise<ConversationState> {
  const id = await contactConversation(db, scoped);
  await db
    .update(agentConversations)
    .set({
      pausedUntil: minutes === null ? UNTIL_RELEASED : sql`now() + make_interval(mins => ${minutes}::int)`,
      pausedBy: auth.userId,
      pauseReason: 'takeover' satisfies PauseReason,
      updatedAt: sql`now()`,
    })
    .where(eq(agentConversations.id, id));
  return readState(db, scoped);
}

/** Release: the agent answers the contact's next message again (whoever paused it, and why). */
export async function release(db: Db, scoped: ScopedContact): Promise<ConversationState> {
  await db
    .update(agentConversations)
    .set({ pausedUntil: null, pausedBy: null, pauseReason: null, updatedAt: sql`now()` })
    .where(eq(agentConversations.contactId, scoped.contact.id));
  return readState(db, scoped);
}

/** A person has dealt with it (called the customer, say) without writing here: the flag goes. */
export async function resolveNeedsPerson(db: Db, scoped: ScopedContact): Promise<ConversationState> {
  await db
    .update(agentConversations)
    .set({ ...CLEARED_FLAG, updatedAt: sql`now()` })
    .where(eq(agentConversations.contactId, scoped.contact.id));
  return readState(db, scoped);
}

/**
 * What a reply by hand does to the conversation, in the reply's transaction: a person dealt with
 * it (needs-a-person cleared), and the agent is paused for at least HAND_REPLY_PAUSE_MINUTES from
 * now. A longer pause stays as it was (its owner and reason too); a shorter one, or none, becomes
 * the replier's take-over.
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
