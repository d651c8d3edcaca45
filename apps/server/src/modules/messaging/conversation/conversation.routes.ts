import {
  CONVERSATION_PAGE_DEFAULT,
  conversationContactBodySchema,
  conversationMessagesQuerySchema,
  conversationMessagesSchema,
  conversationParamsSchema,
  conversationStateSchema,
  conversationViewSchema,
  envelopeSchema,
  handReplyResultSchema,
  handReplySchema,
  needsPersonCountSchema,
  PERMISSIONS,
  takeOverSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { loadScopedContact } from './contact-scope';
import { conversationMessages, conversationView } from './conversation.service';
import { release, resolveNeedsPerson, takeOver } from './hand-over';
import { sendHandReply } from './hand-reply';
import { countNeedsPerson } from './needs-person';

const BASE = '/api/v3/address/conversation';
const tags = ['chat/conversation'];

/** The latest page's size can be asked for too (the view keeps what "load earlier" added). */
const viewQuerySchema = conversationMessagesQuerySchema.pick({ limit: true });

/**
 * A contact's conversation and its hand-over to a person (issue 16, docs/conversations.md): read
 * it, take over and release, reply by hand, mark "needs a person" dealt with, and the count of
 * conversations waiting for a person.
 */
export async function conversationRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const P = PERMISSIONS.chatAddress;

  // Polled by the home page: a read, never an operation-log row.
  app.get(
    `${BASE}/needsPerson`,
    {
      config: { permission: P.list, audit: false },
      schema: {
        tags,
        summary: 'How many conversations in scope need a person, per account',
        response: { 200: envelopeSchema(needsPersonCountSchema) },
      },
    },
    async (request) => ok(await countNeedsPerson(db, requireAuth(request))),
  );
  // Polled every few seconds while the conversation is open.
  app.get(
    `${BASE}/:contactId`,
    {
      config: { permission: P.list, audit: false },
      schema: {
        tags,
        summary: 'A contact’s conversation: latest messages, agent sources, pause, needs a person, lead audit',
        params: conversationParamsSchema,
        querystring: viewQuerySchema,
        response: { 200: envelopeSchema(conversationViewSchema) },
      },
    },
    async (request) =>
      ok(
        await conversationView(
          db,
          requireAuth(request),
          request.params.contactId,
          request.query.limit ?? CONVERSATION_PAGE_DEFAULT,
        ),
      ),
  );
  app.get(
    `${BASE}/:contactId/messages`,
    {
      config: { permission: P.list, audit: false },
      schema: {
        tags,
        summary: 'Earlier messages of a contact’s conversation (before a message id)',
        params: conversationParamsSchema,
        querystring: conversationMessagesQuerySchema,
        response: { 200: envelopeSchema(conversationMessagesSchema) },
      },
    },
    async (request) =>
      ok(await conversationMessages(db, requireAuth(request), request.params.contactId, request.query)),
  );
  app.post(
    `${BASE}/takeover`,
    {
      config: { permission: P.takeover },
      schema: {
        tags,
        summary: 'Take over: the agent stays quiet for the contact for `minutes`, or until released',
        body: takeOverSchema,
        response: { 200: envelopeSchema(conversationStateSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const scoped = await loadScopedContact(db, auth, request.body.contactId);
      return ok(await takeOver(db, auth, scoped, request.body.minutes ?? null));
    },
  );
  app.post(
    `${BASE}/release`,
    {
      config: { permission: P.takeover },
      schema: {
        tags,
        summary: 'Release: the agent answers the contact again',
        body: conversationContactBodySchema,
        response: { 200: envelopeSchema(conversationStateSchema) },
      },
    },
    async (request) => {
      const scoped = await loadScopedContact(db, requireAuth(request), request.body.contactId);
      return ok(await release(db, scoped));
    },
  );
  app.post(
    `${BASE}/resolve`,
    {
      config: { permission: P.takeover },
      schema: {
        tags,
        summary: 'Mark “needs a person” as dealt with',
        body: conversationContactBodySchema,
        response: { 200: envelopeSchema(conversationStateSchema) },
      },
    },
    async (request) => {
      const scoped = await loadScopedContact(db, requireAuth(request), request.body.contactId);
      return ok(await resolveNeedsPerson(db, scoped));
    },
  );
  app.post(
    `${BASE}/reply`,
    {
      config: { permission: PERMISSIONS.chatMessage.send },
      schema: {
        tags,
        summary: 'Reply by hand as the account (queued, paced); pauses the agent and clears needs a person',
        body: handReplySchema,
        response: { 200: envelopeSchema(handReplyResultSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const scoped = await loadScopedContact(db, auth, request.body.contactId);
      return ok(await sendHandReply({ db, boss: deps.boss }, auth, scoped, request.body.content));
    },
  );
}
