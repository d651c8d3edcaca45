import {
  envelopeSchema,
  PERMISSIONS,
  pageResultSchema,
  systemIdParamsSchema,
  visitorConversationPageQuerySchema,
  visitorConversationSchema,
  visitorReplyRequestSchema,
  visitorReplySchema,
  visitorTranscriptSchema,
  widgetPreviewSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { loadApp } from './app.service';
import {
  markVisitorHandled,
  pageVisitorConversations,
  replyToVisitor,
  visitorTranscript,
} from './visitor-conversations';
import { widgetWelcome } from './widget-welcome';

const BASE = '/api/v3/app/info/visitors';
const tags = ['app/info'];

/**
 * The website widget in the console (issue 36): an app's visitors' conversations, with the web page
 * each came from, and what the widget greets them with for the preview.
 */
export async function visitorRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${BASE}/page`,
    {
      config: { permission: PERMISSIONS.appInfo.list },
      schema: {
        tags,
        summary: 'An app’s website visitors’ conversations, newest first',
        body: visitorConversationPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(visitorConversationSchema)) },
      },
    },
    async (request) => ok(await pageVisitorConversations(db, requireAuth(request), request.body)),
  );
  app.get(
    `${BASE}/preview/:id`,
    {
      config: { permission: PERMISSIONS.appInfo.list },
      schema: {
        tags,
        summary: 'What the app’s website widget greets a visitor with, for the preview',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(widgetPreviewSchema) },
      },
    },
    async (request) => {
      const found = await loadApp(db, requireAuth(request), request.params.id);
      return ok({ name: found.name, welcome: await widgetWelcome(db, found.id) });
    },
  );
  app.get(
    `${BASE}/:id`,
    {
      config: { permission: PERMISSIONS.appInfo.list },
      schema: {
        tags,
        summary: 'One website visitor’s conversation with its questions, answers and sources',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(visitorTranscriptSchema) },
      },
    },
    async (request) => ok(await visitorTranscript(db, requireAuth(request), request.params.id)),
  );
  app.post(
    `${BASE}/handled/:id`,
    {
      // Dealing with a conversation that waits for a person is the takeover permission, whichever
      // the channel (the contacts screen's too).
      config: { permission: PERMISSIONS.chatAddress.takeover },
      schema: {
        tags,
        summary: 'A person has dealt with a website visitor’s conversation: it no longer waits for one',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(visitorConversationSchema) },
      },
    },
    async (request) => ok(await markVisitorHandled(db, requireAuth(request), request.params.id)),
  );
  app.post(
    `${BASE}/reply`,
    {
      config: { permission: PERMISSIONS.chatAddress.takeover },
      schema: {
        tags,
        summary: 'Write to a website visitor: the widget shows it, and the conversation no longer waits for a person',
        body: visitorReplyRequestSchema,
        response: { 200: envelopeSchema(visitorReplySchema) },
      },
    },
    async (request) => ok(await replyToVisitor(db, requireAuth(request), request.body)),
  );
}
