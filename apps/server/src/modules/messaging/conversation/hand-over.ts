import type { ConversationState, NeedsPersonReason, PauseReason } from '@agent-console/contracts';
import type { Db, Executor } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import { clearContactNeedsPerson, openContactConversation } from '../../agent/conversation/conversation.repo';
import {
  contactConversationState,
  releaseContactConversation,
  takeOverConversation,
  UNTIL_RELEASED,
} from '../../agent/conversation/hand-over.repo';
import type { ScopedContact } from './contact-scope';

const isUntilReleased = (until: Date) => until.getTime() >= UNTIL_RELEASED.getTime();

/** The contact's conversation, created on first use (a take-over before the agent ever answered). */
export function contactConversation(db: Db, { contact, account }: ScopedContact): Promise<number> {
  return openContactConversation(db, account, contact);
}

/** The hand-over state of a contact as the conversation view shows it. */
export async function readState(db: Executor, { contact, account }: ScopedContact): Promise<ConversationState> {
  const row = await contactConversationState(db, contact.id);
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
  await takeOverConversation(db, id, auth.userId, minutes);
  return readState(db, scoped);
}

/** Release: the agent answers the contact's next message again (whoever paused it, and why). */
export async function release(db: Db, scoped: ScopedContact): Promise<ConversationState> {
  await releaseContactConversation(db, scoped.contact.id);
  return readState(db, scoped);
}

/** A person has dealt with it (called the customer, say) without writing here: the flag goes. */
export async function resolveNeedsPerson(db: Db, scoped: ScopedContact): Promise<ConversationState> {
  await clearContactNeedsPerson(db, scoped.contact.id);
  return readState(db, scoped);
}
