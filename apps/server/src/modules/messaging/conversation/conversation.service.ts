import type { ConversationMessages, ConversationView } from '@agent-console/contracts';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import { loadScopedContact, type ScopedContact } from './contact-scope';
import { readState } from './hand-over';
import { leadAudit } from './lead-audit';
import { loadMessages } from './transcript';

function contactOf({ contact, account }: ScopedContact): ConversationView['contact'] {
  return {
    id: contact.id,
    accountId: account.id,
    nickname: contact.nickname,
    avatar: contact.avatar,
    wcId: contact.wcId,
    type: contact.type as ConversationView['contact']['type'],
    relationship: contact.relationship as ConversationView['contact']['relationship'],
    gone: contact.goneAt !== null,
    accountOnline: account.loginStatus === 'online',
  };
}

/** GET /address/conversation/{contactId}: the latest messages, the hand-over state and the leads. */
export async function conversationView(
  db: Db,
  auth: AuthContext,
  contactId: number,
  limit: number,
): Promise<ConversationView> {
  const scoped = await loadScopedContact(db, auth, contactId);
  const state = await readState(db, scoped);
  const [page, leads] = await Promise.all([
    loadMessages(db, scoped, state.conversationId, { limit }),
    leadAudit(db, scoped),
  ]);
  return { contact: contactOf(scoped), state, leads, ...page };
}

/** GET /address/conversation/{contactId}/messages: an earlier page ("load earlier"). */
export async function conversationMessages(
  db: Db,
  auth: AuthContext,
  contactId: number,
  page: { before?: number | undefined; limit: number },
): Promise<ConversationMessages> {
  const scoped = await loadScopedContact(db, auth, contactId);
  const state = await readState(db, scoped);
  return loadMessages(db, scoped, state.conversationId, page);
}
