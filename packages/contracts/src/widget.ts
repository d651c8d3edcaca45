import { z } from 'zod';
import type { AnswerSource } from './agent';
import { agentChatTurnSchema } from './agent-chat';
import { codePointLength } from './ai-role';
import { orderBySchema, pageQuerySchema } from './envelope';
import { idNumber, text } from './primitives';
import { VISITOR_REPLY_MAX, WIDGET_MESSAGE_MAX, type WidgetSource } from './widget-protocol';

export * from './widget-protocol';

/** A source as a visitor sees it: a kind and a title (a QA's question, a document's name), no ids. */
export function widgetSourceOf(source: AnswerSource): WidgetSource {
  return source.kind === 'qa' ? { kind: 'qa', title: source.question } : { kind: 'document', title: source.name };
}

/** A visitor token as the widget sends it back: checked by its signature, bounded here. */
const visitorToken = z.string().max(200);

export const widgetStartRequestSchema = z.object({ visitor: visitorToken.optional() });

export const widgetRepliesRequestSchema = z.object({
  visitor: visitorToken,
  after: z.number().int().min(0).max(2_147_483_647).optional(),
});

export const widgetChatRequestSchema = z.object({
  visitor: visitorToken,
  message: text()
    .trim()
    .min(1)
    .refine((value) => codePointLength(value) <= WIDGET_MESSAGE_MAX, { message: 'tooLong' }),
});

export const VISITOR_CONVERSATION_SORT_FIELDS = ['lastMessageAt', 'createdAt'] as const;

/** POST /app/info/visitors/page: one app's widget conversations, newest first unless sorted. */
export const visitorConversationPageQuerySchema = pageQuerySchema.extend({
  appId: idNumber(),
  /** Only those waiting for a person. */
  needsPerson: z.boolean().optional(),
  /** Part of the web page's origin. */
  origin: text().trim().max(200).optional(),
  orderBy: orderBySchema(VISITOR_CONVERSATION_SORT_FIELDS),
});
export type VisitorConversationPageQuery = z.input<typeof visitorConversationPageQuerySchema>;

export const visitorConversationSchema = z.object({
  id: z.number().int(),
  /** The first characters of the visitor's id, to tell visitors apart (the id itself is theirs). */
  visitor: z.string(),
  origin: z.string().nullable(),
  title: z.string(),
  answers: z.number().int(),
  needsPersonAt: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VisitorConversation = z.infer<typeof visitorConversationSchema>;

/** What a person wrote to a visitor; `by` is their name (null once the user is deleted). */
export const visitorReplySchema = z.object({
  id: z.number().int(),
  content: z.string(),
  by: z.string().nullable(),
  createdAt: z.string(),
});
export type VisitorReply = z.infer<typeof visitorReplySchema>;

/** POST /app/info/visitors/reply: a person writes to a visitor; the conversation no longer waits. */
export const visitorReplyRequestSchema = z.object({
  conversationId: idNumber(),
  content: text()
    .trim()
    .min(1)
    .refine((value) => codePointLength(value) <= VISITOR_REPLY_MAX, { message: 'tooLong' }),
});
export type VisitorReplyRequest = z.input<typeof visitorReplyRequestSchema>;

/** GET /app/info/visitors/{id}: one widget conversation with its questions, answers and people's replies. */
export const visitorTranscriptSchema = visitorConversationSchema.extend({
  turns: z.array(agentChatTurnSchema),
  replies: z.array(visitorReplySchema),
});
export type VisitorTranscript = z.infer<typeof visitorTranscriptSchema>;

/** GET /app/info/visitors/preview/{id}: what the widget greets a visitor with, for the console's preview. */
export const widgetPreviewSchema = z.object({ name: z.string(), welcome: z.array(z.string()) });
export type WidgetPreview = z.infer<typeof widgetPreviewSchema>;
