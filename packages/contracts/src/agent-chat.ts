import { z } from 'zod';
import { answerSourceSchema, answerStepSchema, answerUsageSchema } from './agent';
import { codePointLength } from './ai-role';
import { apiRoutes, type RouteSchemas } from './api-route';
import { appStatusSchema } from './app-info';
import { idNumber, pathId, text } from './primitives';

/**
 * The console's chat bubble (WAVE2 §11, §15.5): a signed-in user talks to one of the apps of a
 * customer in their data scope, through the same answering pipeline as the app API and the
 * automatic replies. Answers stream as server-sent events; conversations are stored per user.
 */

/** Longest question, in Unicode code points ("字" and "😀" are one each), counted alike in browser and server. */
export const AGENT_CHAT_MESSAGE_MAX = 2000;
/** Answers one user may ask for in a minute, over every app; the next one is refused with A0501. */
export const AGENT_CHAT_RATE_LIMIT = 20;

/** POST /ai-role/chat. Without `conversationId` a new conversation is opened. */
/** A question put to the agent: not empty, at most AGENT_CHAT_MESSAGE_MAX code points. */
export const agentQuestionSchema = text()
  .trim()
  .min(1)
  .refine((value) => codePointLength(value) <= AGENT_CHAT_MESSAGE_MAX, { message: 'tooLong' });

export const agentChatRequestSchema = z.object({
  customerId: idNumber(),
  appId: idNumber(),
  message: agentQuestionSchema,
  conversationId: idNumber().optional(),
});
export type AgentChatRequest = z.input<typeof agentChatRequestSchema>;

/**
 * The events of the answer's stream (`event: <name>` then `data: <JSON>`): `delta` pieces of the
 * answer as they are written, then exactly one of `done` (the answer was stored) or `error` (it
 * broke off after the stream had opened; failures before it answer as a JSON error envelope).
 */
/** Response header of the stream naming the conversation the question went to (also on a new one). */
export const AGENT_CHAT_CONVERSATION_HEADER = 'x-conversation-id';

export const AGENT_CHAT_EVENTS = ['delta', 'done', 'error'] as const;
export type AgentChatEventName = (typeof AGENT_CHAT_EVENTS)[number];

export const agentChatDeltaSchema = z.object({ text: z.string() });
export type AgentChatDelta = z.infer<typeof agentChatDeltaSchema>;

export const agentChatDoneSchema = z.object({
  conversationId: z.number().int(),
  answerId: z.number().int(),
  step: answerStepSchema,
  /** Nothing relevant was found: the fallback reply, and the conversation is flagged for a person. */
  needsPerson: z.boolean(),
  sources: z.array(answerSourceSchema),
  usage: answerUsageSchema,
  latencyMs: z.number().int(),
});
export type AgentChatDone = z.infer<typeof agentChatDoneSchema>;

/** `code` is an error code of the catalogue; `message` is in the caller's language. */
export const agentChatErrorSchema = z.object({ code: z.string(), message: z.string() });
export type AgentChatError = z.infer<typeof agentChatErrorSchema>;

/** GET /ai-role/chat/apps: the customers in the caller's scope that have apps, with their apps, for the picker. */
export const agentChatAppSchema = z.object({ id: z.number().int(), name: z.string(), status: appStatusSchema });
export type AgentChatApp = z.infer<typeof agentChatAppSchema>;
export const agentChatCustomerSchema = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  apps: z.array(agentChatAppSchema),
});
export type AgentChatCustomer = z.infer<typeof agentChatCustomerSchema>;
export const agentChatCustomersSchema = z.array(agentChatCustomerSchema);

/** GET /ai-role/chat/conversation: the caller's latest bubble conversation, or the one asked for. */
export const agentChatConversationQuerySchema = z.object({ conversationId: pathId().optional() });

/** One question and its stored answer. */
export const agentChatTurnSchema = z.object({
  answerId: z.number().int(),
  question: z.string(),
  answer: z.string(),
  step: answerStepSchema,
  needsPerson: z.boolean(),
  sources: z.array(answerSourceSchema),
  createdAt: z.string(),
});
export type AgentChatTurn = z.infer<typeof agentChatTurnSchema>;

/** null when the caller has no bubble conversation yet. `appId` is null once its app was deleted. */
export const agentChatConversationSchema = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    appId: z.number().int().nullable(),
    turns: z.array(agentChatTurnSchema),
  })
  .nullable();
export type AgentChatConversation = z.infer<typeof agentChatConversationSchema>;

/** What each route of the chat bubble takes and answers (WAVE2 §11). */
export const AGENT_CHAT_ROUTE_SCHEMAS = {
  /** Answers with server-sent events, so it is registered by hand. */
  ask: {
    summary: 'Ask an app as the signed-in user; the answer streams as server-sent events (delta…, then done or error)',
    body: agentChatRequestSchema,
  },
  apps: {
    summary: 'Customers in the caller’s scope with their apps, for the bubble’s picker',
    answer: agentChatCustomersSchema,
  },
  conversation: {
    summary: 'The caller’s latest bubble conversation (or the one given) with its answers and sources',
    querystring: agentChatConversationQuerySchema,
    answer: agentChatConversationSchema,
  },
} satisfies RouteSchemas;

export const AGENT_CHAT_ROUTES = apiRoutes<typeof AGENT_CHAT_ROUTE_SCHEMAS>({
  ask: 'POST /api/v3/ai-role/chat',
  apps: 'GET /api/v3/ai-role/chat/apps',
  conversation: 'GET /api/v3/ai-role/chat/conversation',
});
