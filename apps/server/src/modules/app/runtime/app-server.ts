import { APP_API_BODY_LIMIT, chatCompletionRequestSchema } from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { apps } from '../../../db/schema';
import { endConnectionsAfterGrace } from '../../../http/close-connections';
import type { EmbeddingClient } from '../../../integrations/embedding';
import type { ChatLlm } from '../../../integrations/llm';
import type { Clock } from '../../../lib/clock';
import { type AgentDeps, questionOf } from '../../agent/agent';
import { openConversation, respond } from '../../agent/conversations';
import type { MailDeps } from '../../mail/mail-settings';
import { isQuotaUsedUp } from '../../usage/quota-guard';
import { apiKeyMatches } from '../app-key';
import {
  chunkEvent,
  completionBody,
  completionMeta,
  DONE_EVENT,
  describeIssue,
  openAiError,
  toAgentMessages,
} from './openai-format';

/** The product's name for the `owned_by` of the one model an app lists. */
const OWNER = 'agent-console';

interface CallingApp {
  id: number;
  customerId: number;
  code: string;
  createdAt: Date;
}

/**
 * The listener of one app (WAVE2 §15.3): an OpenAI-compatible chat API answered by the agent
 * pipeline. Every /v1 call needs the app's API key as a bearer token; the key's hash is read from
 * the database on each call, so a rotated key takes effect at once and the old one stops working.
 * Errors are OpenAI's error objects, and anything a client sends answers 4xx, never 5xx.
 */
export function createAppServer(deps: {
  db: Db;
  appId: number;
  llm?: ChatLlm | null;
  embeddings?: EmbeddingClient | null;
  logger?: FastifyBaseLogger;
  /** For the usage mails at 80 % and 100 % of the customer's quota. */
  mail?: MailDeps;
  /** The month answers are metered in; the system clock when absent. */
  clock?: Clock;
  /** The console's metrics: answers by step and channel. */
  metrics?: AgentDeps['metrics'];
}): FastifyInstance {
  const { db, appId } = deps;
  const server = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger.child({ appId }) } : { logger: false }),
    bodyLimit: APP_API_BODY_LIMIT,
    // The console's own proxy rules do not apply: an app is called directly by its clients.
    trustProxy: false,
  });
  endConnectionsAfterGrace(server);

  server.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // OpenAI's own answer for a spent quota, so existing clients recognise it (WAVE2 §15.6).
    if (isQuotaUsedUp(error)) {
      return reply
        .status(429)
        .send(
          openAiError(
            "This month's answer quota of the app's customer is used up; answers resume next month or when the quota is raised.",
            'insufficient_quota',
            'insufficient_quota',
          ),
        );
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'app answer failed');
      return reply
        .status(500)
        .send(openAiError('The app could not answer; the console log has the reason.', 'server_error'));
    }
    if (status === 413) {
      return reply
        .status(413)
        .send(
          openAiError(
            `The request body is larger than ${APP_API_BODY_LIMIT} bytes.`,
            'invalid_request_error',
            'request_too_large',
          ),
        );
    }
    if (error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError) {
      return reply
        .status(status)
        .send(openAiError('The request body must be JSON (Content-Type: application/json).', 'invalid_request_error'));
    }
    return reply.status(status).send(openAiError(error.message, 'invalid_request_error'));
  });
  server.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        openAiError(
          `Unknown request URL: ${request.method} ${request.url.split('?')[0]}.`,
          'invalid_request_error',
          'unknown_url',
        ),
      ),
  );

  /** The app behind the presented key, or a 401 answer already sent. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<CallingApp | null> {
    const header = request.headers.authorization ?? '';
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    const [row] = await db
      .select({
        id: apps.id,
        customerId: apps.customerId,
        code: apps.code,
        createdAt: apps.createdAt,
        keyHash: apps.keyHash,
      })
      .from(apps)
      .where(eq(apps.id, appId));
    if (!presented || !row || !apiKeyMatches(presented, row.keyHash)) {
      await reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(
          openAiError(
            presented
              ? 'Incorrect API key provided. Use the key shown when the app was created or its key was last rotated.'
              : 'No API key provided. Send it as "Authorization: Bearer <key>".',
            'invalid_request_error',
            'invalid_api_key',
          ),
        );
      return null;
    }
    return { id: row.id, customerId: row.customerId, code: row.code, createdAt: row.createdAt };
  }

  const model = (app: CallingApp) => ({
    id: app.code,
    object: 'model',
    created: Math.floor(app.createdAt.getTime() / 1000),
    owned_by: OWNER,
  });

  server.get('/health', async () => ({ status: 'ok' }));

  server.get('/v1/models', async (request, reply) => {
    const app = await authenticate(request, reply);
    if (!app) return reply;
    return { object: 'list', data: [model(app)] };
  });

  server.get<{ Params: { model: string } }>('/v1/models/:model', async (request, reply) => {
    const app = await authenticate(request, reply);
    if (!app) return reply;
    if (request.params.model !== app.code) {
      return reply
        .status(404)
        .send(
          openAiError(
            `The model '${request.params.model}' does not exist; this app is '${app.code}'.`,
            'invalid_request_error',
            'model_not_found',
            'model',
          ),
        );
    }
    return model(app);
  });

  server.post('/v1/chat/completions', async (request, reply) => {
    const app = await authenticate(request, reply);
    if (!app) return reply;
    const parsed = chatCompletionRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const { message, param } = describeIssue(parsed.error);
      return reply.status(400).send(openAiError(message, 'invalid_request_error', null, param));
    }
    const messages = toAgentMessages(parsed.data.messages);
    if (!questionOf(messages)) {
      return reply
        .status(400)
        .send(openAiError('messages must hold a user message with text.', 'invalid_request_error', null, 'messages'));
    }
    const question = questionOf(messages);
    const externalKey = parsed.data.user || undefined;
    const conversationId = await openConversation(
      db,
      { customerId: app.customerId, appId: app.id, channel: 'api', ...(externalKey ? { externalKey } : {}) },
      question,
    );
    const agent = {
      db,
      llm: deps.llm ?? null,
      embeddings: deps.embeddings ?? null,
      mail: deps.mail,
      clock: deps.clock,
      metrics: deps.metrics,
      ...(deps.logger ? { logger: deps.logger } : {}),
    };
    const call = {
      customerId: app.customerId,
      appId: app.id,
      messages,
      conversationId,
      channel: 'api' as const,
      question,
    };
    const meta = completionMeta(app.code);
    if (!parsed.data.stream) return completionBody(meta, (await respond(agent, call)).answer);

    // The stream opens with the first piece, so a failure before it still answers as JSON; one
    // after it can only be told in the stream. A client that hangs up stops the LLM.
    const raw = reply.raw;
    const hangUp = new AbortController();
    raw.on('close', () => hangUp.abort());
    let open = false;
    const openStream = () => {
      if (open) return;
      open = true;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(chunkEvent(meta, { role: 'assistant', content: '' }));
    };
    let result: Awaited<ReturnType<typeof respond>>;
    try {
      result = await respond(agent, {
        ...call,
        signal: hangUp.signal,
        onDelta: (piece) => {
          openStream();
          if (!raw.destroyed) raw.write(chunkEvent(meta, { content: piece }));
        },
      });
    } catch (err) {
      if (!open) throw err;
      // A caller that hung up stopped the answer: that is not a failure of the console or the model.
      if (hangUp.signal.aborted) request.log.info({ appId }, 'app answer stopped: the client hung up');
      else request.log.error({ err }, 'app answer failed while streaming');
      if (!raw.destroyed) {
        raw.write(
          `data: ${JSON.stringify(openAiError('The answer broke off; the console log has the reason.', 'server_error'))}\n\n`,
        );
        raw.end();
      }
      return reply;
    }
    openStream();
    if (!raw.destroyed) {
      raw.write(chunkEvent(meta, {}, result.answer));
      raw.end(DONE_EVENT);
    }
    return reply;
  });

  return server;
}
