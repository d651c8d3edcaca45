import {
  AGENT_CHAT_RATE_LIMIT,
  AGENT_CHAT_ROUTE_SCHEMAS,
  AGENT_CHAT_ROUTES,
} from '@agent-console/contracts/agent-chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { AppError } from '../../../lib/app-error';
import { mailDepsOf } from '../../notify/mail/mail-settings';
import { chatApps, chatConversation, chatTarget, ownConversation } from './agent-chat.service';
import { streamAnswer } from './answer-stream';

const tags = ['ai-role/chat'];

/**
 * The console's chat bubble (WAVE2 §11): any signed-in user, no permission code; what each call
 * reaches is bounded by the caller's data scope (agent-chat.service.ts).
 */
export async function agentChatRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const max = deps.chatRateLimit ?? AGENT_CHAT_RATE_LIMIT;
  // Per user, over every app; counted after validation, so only calls that would answer spend it.
  const answerLimit = fastify.rateLimit({
    groupId: 'agent-chat',
    max,
    timeWindow: '1 minute',
    keyGenerator: (request) => `agent-chat:${request.auth?.userId ?? request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new AppError('A0501', { limit: context.max, retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });

  // The answer streams as server-sent events, not as the JSON envelope: registered by hand.
  const { summary, body } = AGENT_CHAT_ROUTE_SCHEMAS.ask;
  app.post(
    AGENT_CHAT_ROUTES.ask.path,
    {
      // The questions and answers are stored as the conversation; an operation-log row per
      // question would only copy them.
      config: { audit: false },
      preHandler: answerLimit,
      schema: { tags, summary, body },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { customerId, appId, message, conversationId } = request.body;
      await chatTarget(db, auth, customerId, appId);
      if (conversationId !== undefined) await ownConversation(db, auth, conversationId, { customerId, appId });
      return streamAnswer(
        {
          db,
          llm: deps.llm ?? null,
          embeddings: deps.embeddings ?? null,
          mail: mailDepsOf(deps),
          clock: deps.clock,
          metrics: deps.metrics,
          ...(deps.logger ? { logger: deps.logger } : {}),
        },
        request,
        reply,
        { userId: auth.userId, customerId, appId, message, ...(conversationId ? { conversationId } : {}) },
      );
    },
  );

  const route = serveRoutes(fastify, AGENT_CHAT_ROUTES, AGENT_CHAT_ROUTE_SCHEMAS, tags);
  route('apps', {}, (r) => chatApps(db, requireAuth(r), r.lang));
  route('conversation', {}, (r) => chatConversation(db, requireAuth(r), r.query.conversationId));
}
