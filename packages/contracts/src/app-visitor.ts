import { apiRoutes, type RouteSchemas } from './api-route';
import { pageResultSchema } from './envelope';
import { systemIdParamsSchema } from './system-dept';
import {
  visitorConversationPageQuerySchema,
  visitorConversationSchema,
  visitorReplyRequestSchema,
  visitorReplySchema,
  visitorTranscriptSchema,
  widgetPreviewSchema,
} from './widget';

// The visitor routes' tables live apart from app-info.ts: their schemas come from widget.ts, which
// reaches app-info.ts through agent-chat.ts, so declaring them there would make an import cycle.

/**
 * What each route of an app's website visitors takes and answers (issue 36): their conversations,
 * with the web page each came from, and what the widget greets them with for the preview.
 */
export const APP_VISITOR_ROUTE_SCHEMAS = {
  page: {
    summary: 'An app’s website visitors’ conversations, newest first',
    body: visitorConversationPageQuerySchema,
    answer: pageResultSchema(visitorConversationSchema),
  },
  preview: {
    summary: 'What the app’s website widget greets a visitor with, for the preview',
    params: systemIdParamsSchema,
    answer: widgetPreviewSchema,
  },
  transcript: {
    summary: 'One website visitor’s conversation with its questions, answers and sources',
    params: systemIdParamsSchema,
    answer: visitorTranscriptSchema,
  },
  handled: {
    summary: 'A person has dealt with a website visitor’s conversation: it no longer waits for one',
    params: systemIdParamsSchema,
    answer: visitorConversationSchema,
  },
  reply: {
    summary: 'Write to a website visitor: the widget shows it, and the conversation no longer waits for a person',
    body: visitorReplyRequestSchema,
    answer: visitorReplySchema,
  },
} satisfies RouteSchemas;

export const APP_VISITOR_ROUTES = apiRoutes<typeof APP_VISITOR_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/app/info/visitors/page',
  preview: 'GET /api/v3/app/info/visitors/preview/:id',
  transcript: 'GET /api/v3/app/info/visitors/:id',
  handled: 'POST /api/v3/app/info/visitors/handled/:id',
  reply: 'POST /api/v3/app/info/visitors/reply',
});
