import { z } from 'zod';
import { answerSourceSchema, answerStepSchema, NEEDS_PERSON_REASONS, PAUSE_REASONS } from './agent';
import { apiRoutes, type RouteSchemas } from './api-route';
import { contactTypeSchema, relationshipSchema } from './chat-address';
import { CHAT_TEXT_MAX } from './chat-message';
import { BIG_ID, idNumber, pathId, text } from './primitives';

/**
 * A contact's conversation and its hand-over to a person (issue 16): the messages of the message
 * log with the agent's sources and step, who wrote by hand, the pause ("take over"), "needs a
 * person", and the lead audit. Calls under `/api/v3/address/conversation` (docs/conversations.md).
 */

/** Take-over lengths the screen offers, in minutes; "until released" is the other choice. */
export const TAKEOVER_CHOICES = [30, 60, 240, 1440] as const;
/** Longest take-over by time the server accepts: a week. Longer is "until released". */
export const TAKEOVER_MINUTES_MAX = 7 * 24 * 60;
/**
 * A reply by hand pauses the agent for at least this long when it is not paused for longer: a
 * person is talking to the contact, and the agent must not cut in minutes later.
 */
export const HAND_REPLY_PAUSE_MINUTES = 60;
/** Messages per page of the transcript (the latest page, then "load earlier"). */
export const CONVERSATION_PAGE_DEFAULT = 50;
export const CONVERSATION_PAGE_MAX = 200;

/**
 * What wrote a message (the message log's `source`): `gateway` the contact (in); out: `agent` the
 * auto-reply, `person` a staff member in the console, `phone` someone on the phone itself,
 * `batch`, `welcome` and `followup` the console's own sends.
 */
export const MESSAGE_SOURCES = ['gateway', 'agent', 'person', 'phone', 'batch', 'welcome', 'followup'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

const personSchema = z.object({ id: z.number().int(), name: z.string() });

/** One message of the transcript, oldest first. */
export const conversationMessageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['in', 'out']),
  /** text, file, image, friendRequest (the request's nickname is its content). */
  type: z.string(),
  /** The text; a file message's is empty (its `fileName` says what it was). */
  content: z.string(),
  fileName: z.string().nullable(),
  /** in: received; out: queued, sending, sent, failed (with `reason`). */
  status: z.string(),
  reason: z.string().nullable(),
  /** One of MESSAGE_SOURCES (a string: a log row of a later source must still be shown). */
  source: z.string(),
  /** In a group: who of its members wrote. */
  senderWcId: z.string().nullable(),
  /** When it was sent (or received); queued ones: when queued. */
  at: z.string(),
  /** An agent's reply: the answering step, its sources, and whether it asked for a person. */
  agent: z
    .object({ step: answerStepSchema, sources: z.array(answerSourceSchema), needsPerson: z.boolean() })
    .nullable(),
  /** A reply by hand from the console: who wrote it. */
  person: personSchema.nullable(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const pauseReasonSchema = z.enum(PAUSE_REASONS);
export const needsPersonReasonSchema = z.enum(NEEDS_PERSON_REASONS);

/** Whether the agent answers this contact now, and whether the conversation waits for a person. */
export const conversationStateSchema = z.object({
  /** Null until the conversation's first answer, take-over or reply by hand. */
  conversationId: z.number().int().nullable(),
  paused: z.boolean(),
  /** The end of the pause; null when not paused or paused until released. */
  pausedUntil: z.string().nullable(),
  untilReleased: z.boolean(),
  pauseReason: pauseReasonSchema.nullable(),
  pausedBy: personSchema.nullable(),
  needsPerson: z.boolean(),
  needsPersonAt: z.string().nullable(),
  /** Why it waits for a person; null when it does not (or was flagged before reasons were kept). */
  needsPersonReason: needsPersonReasonSchema.nullable(),
  /**
   * Why the agent stays quiet for this contact even when not paused: its relationship (colleague,
   * silent) or an account without an app; null when it answers.
   */
  quietBecause: z.enum(['paused', 'relationship', 'noApp']).nullable(),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

const capturedSchema = z.object({
  value: z.string(),
  /** The message it was taken from (null when that message is no longer in the log). */
  messageId: z.number().int().nullable(),
  capturedAt: z.string(),
  /** pattern: found by the item's example pattern; llm: extracted by the LLM. */
  method: z.string(),
});

/** Lead capture, auditable: each item of the account's app, captured or still missing. */
export const leadAuditSchema = z.object({
  appId: z.number().int().nullable(),
  appName: z.string().nullable(),
  items: z.array(
    z.object({ item: z.string(), description: z.string(), example: z.string(), captured: capturedSchema.nullable() }),
  ),
  /** Values captured for items the app no longer asks for (renamed or removed since). */
  other: z.array(capturedSchema.extend({ item: z.string() })),
});
export type LeadAudit = z.infer<typeof leadAuditSchema>;

export const conversationContactSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  wcId: z.string(),
  type: contactTypeSchema,
  relationship: relationshipSchema,
  gone: z.boolean(),
  accountOnline: z.boolean(),
});

/** A page of the transcript, oldest first; `hasEarlier` when older messages remain. */
export const conversationMessagesSchema = z.object({
  messages: z.array(conversationMessageSchema),
  hasEarlier: z.boolean(),
});
export type ConversationMessages = z.infer<typeof conversationMessagesSchema>;

/** GET /address/conversation/{contactId}: the latest messages, the state and the lead audit. */
export const conversationViewSchema = conversationMessagesSchema.extend({
  contact: conversationContactSchema,
  state: conversationStateSchema,
  leads: leadAuditSchema,
});
export type ConversationView = z.infer<typeof conversationViewSchema>;

export const conversationParamsSchema = z.object({ contactId: pathId() });

/** GET /address/conversation/{contactId}/messages: the page before message `before`. */
export const conversationMessagesQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).describe(BIG_ID).optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_PAGE_MAX).default(CONVERSATION_PAGE_DEFAULT),
});
export type ConversationMessagesQuery = z.input<typeof conversationMessagesQuerySchema>;

/**
 * GET /address/conversation/{contactId}: the latest page's size can be asked for too (the view
 * keeps what "load earlier" added).
 */
export const conversationViewQuerySchema = conversationMessagesQuerySchema.pick({ limit: true });

/** POST /address/conversation/takeover: `minutes` absent or null = until released. */
export const takeOverSchema = z.object({
  contactId: idNumber(),
  minutes: z.number().int().min(1).max(TAKEOVER_MINUTES_MAX).nullable().optional(),
});
export type TakeOver = z.input<typeof takeOverSchema>;

/** POST /address/conversation/release and /resolve. */
export const conversationContactBodySchema = z.object({ contactId: idNumber() });

/** POST /address/conversation/reply: a text written by a staff member, sent as the account. */
export const handReplySchema = z.object({
  contactId: idNumber(),
  content: text().trim().min(1).max(CHAT_TEXT_MAX),
});
export type HandReply = z.input<typeof handReplySchema>;
export const handReplyResultSchema = z.object({ messageId: z.number().int(), state: conversationStateSchema });
export type HandReplyResult = z.infer<typeof handReplyResultSchema>;

/** GET /address/conversation/needsPerson: conversations waiting for a person, per account, in scope. */
export const needsPersonCountSchema = z.object({
  total: z.number().int(),
  accounts: z.array(z.object({ accountId: z.number().int(), nickname: z.string(), count: z.number().int() })),
  /** The latest conversations flagged, newest first (at most NEEDS_PERSON_LATEST), with why. */
  latest: z.array(
    z.object({
      accountId: z.number().int(),
      contactId: z.number().int(),
      contactName: z.string(),
      accountName: z.string(),
      reason: needsPersonReasonSchema.nullable(),
      at: z.string(),
    }),
  ),
  /**
   * Website visitors waiting for a person, per app (issue 36), for a caller who may see the apps;
   * counted in `total` too.
   */
  visitors: z.array(
    z.object({ appId: z.number().int(), appName: z.string(), appCode: z.string(), count: z.number().int() }),
  ),
});
/** How many flagged conversations Home lists by name. */
export const NEEDS_PERSON_LATEST = 5;
export type NeedsPersonCount = z.infer<typeof needsPersonCountSchema>;

/** What each conversation route takes and answers (docs/conversations.md). */
export const CONVERSATION_ROUTE_SCHEMAS = {
  needsPerson: {
    summary: 'How many conversations in scope need a person, per account',
    answer: needsPersonCountSchema,
  },
  view: {
    summary: 'A contact’s conversation: latest messages, agent sources, pause, needs a person, lead audit',
    params: conversationParamsSchema,
    querystring: conversationViewQuerySchema,
    answer: conversationViewSchema,
  },
  earlier: {
    summary: 'Earlier messages of a contact’s conversation (before a message id)',
    params: conversationParamsSchema,
    querystring: conversationMessagesQuerySchema,
    answer: conversationMessagesSchema,
  },
  takeOver: {
    summary: 'Take over: the agent stays quiet for the contact for `minutes`, or until released',
    body: takeOverSchema,
    answer: conversationStateSchema,
  },
  release: {
    summary: 'Release: the agent answers the contact again',
    body: conversationContactBodySchema,
    answer: conversationStateSchema,
  },
  resolve: {
    summary: 'Mark “needs a person” as dealt with',
    body: conversationContactBodySchema,
    answer: conversationStateSchema,
  },
  reply: {
    summary: 'Reply by hand as the account (queued, paced); pauses the agent and clears needs a person',
    body: handReplySchema,
    answer: handReplyResultSchema,
  },
} satisfies RouteSchemas;

export const CONVERSATION_ROUTES = apiRoutes<typeof CONVERSATION_ROUTE_SCHEMAS>({
  needsPerson: 'GET /api/v3/address/conversation/needsPerson',
  view: 'GET /api/v3/address/conversation/:contactId',
  earlier: 'GET /api/v3/address/conversation/:contactId/messages',
  takeOver: 'POST /api/v3/address/conversation/takeover',
  release: 'POST /api/v3/address/conversation/release',
  resolve: 'POST /api/v3/address/conversation/resolve',
  reply: 'POST /api/v3/address/conversation/reply',
});
