import {
  CHAT_ADDRESS_PERMISSIONS,
  CHAT_MESSAGE_PERMISSIONS,
  CONVERSATION_PAGE_DEFAULT,
} from '@agent-console/contracts';
import { CONVERSATION_ROUTE_SCHEMAS, CONVERSATION_ROUTES } from '@agent-console/contracts/conversation';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { loadScopedContact } from './contact-scope';
import { conversationMessages, conversationView } from './conversation.service';
import { release, resolveNeedsPerson, takeOver } from './hand-over';
import { sendHandReply } from './hand-reply';
import { countNeedsPerson } from './needs-person';

/**
 * A contact's conversation and its hand-over to a person (issue 16, docs/conversations.md): read
 * it, take over and release, reply by hand, mark "needs a person" dealt with, and the count of
 * conversations waiting for a person.
 */
export async function conversationRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const P = CHAT_ADDRESS_PERMISSIONS;
  const route = serveRoutes(app, CONVERSATION_ROUTES, CONVERSATION_ROUTE_SCHEMAS, ['chat/conversation']);

  // Polled by the home page: a read, never an operation-log row.
  route('needsPerson', { permission: P.list, audit: false }, (r) => countNeedsPerson(db, requireAuth(r)));
  // Polled every few seconds while the conversation is open.
  route('view', { permission: P.list, audit: false }, (r) =>
    conversationView(db, requireAuth(r), r.params.contactId, r.query.limit ?? CONVERSATION_PAGE_DEFAULT),
  );
  route('earlier', { permission: P.list, audit: false }, (r) =>
    conversationMessages(db, requireAuth(r), r.params.contactId, r.query),
  );
  route('takeOver', { permission: P.takeover }, async (r) => {
    const auth = requireAuth(r);
    const scoped = await loadScopedContact(db, auth, r.body.contactId);
    return takeOver(db, auth, scoped, r.body.minutes ?? null);
  });
  route('release', { permission: P.takeover }, async (r) => {
    const scoped = await loadScopedContact(db, requireAuth(r), r.body.contactId);
    return release(db, scoped);
  });
  route('resolve', { permission: P.takeover }, async (r) => {
    const scoped = await loadScopedContact(db, requireAuth(r), r.body.contactId);
    return resolveNeedsPerson(db, scoped);
  });
  route('reply', { permission: CHAT_MESSAGE_PERMISSIONS.send }, async (r) => {
    const auth = requireAuth(r);
    const scoped = await loadScopedContact(db, auth, r.body.contactId);
    return sendHandReply({ db, boss: deps.boss }, auth, scoped, r.body.content);
  });
}
