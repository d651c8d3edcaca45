import { randomUUID } from 'node:crypto';
import {
  APP_API_BODY_LIMIT,
  APP_API_RATE_LIMIT,
  chatCompletionRequestSchema,
  responsesRequestSchema,
} from '@agent-console/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Db } from '../../../../db/client';
import type { AppRefusal, WorkMetrics } from '../../../../http/app-deps';
import { endConnectionsAfterGrace } from '../../../../http/close-connections';
import { countHit } from '../../../../http/rate-limit-store';
import type { EmbeddingClient } from '../../../../integrations/embedding';
import type { ChatLlm } from '../../../../integrations/llm';
import type { Clock } from '../../../../lib/clock';
import { nowOf } from '../../../../lib/clock';
import type { SecretBox } from '../../../../lib/secret-box';
import {
  type AgentAnswer,
  type AgentDeps,
  type AgentMessage,
  type ModelParams,
  questionOf,
} from '../../../agent/answer/agent';
import { answerUnitsIn } from '../../../agent/answer/answer.repo';
import { respond } from '../../../agent/answer/conversations';
import { openConversation } from '../../../agent/conversation/conversation.repo';
import { readAgentConfig } from '../../../config/app-config/agent-config';
import { appServingRow } from '../../../config/app-config/app.repo';
import { apiKeyMatches } from '../../../config/app-config/app-key';
import { checkQuota } from '../../../config/usage/quota-guard';
import type { MailDeps } from '../../../notify/mail/mail-settings';
import { streamAnswer } from './answer-stream';
import { registerCors } from './app-cors';
import { listRoutes } from './app-routes';
import { HOUSEKEEPING_MAX_TOKENS, type HousekeepingKind, housekeepingAnswer, housekeepingKind } from './housekeeping';
import { answerFrameworkError, registerOpenAiErrors } from './openai-errors';
import {
  chunkEvent,
  completionBody,
  completionMeta,
  DONE_EVENT,
  describeIssue,
  openAiError,
  toAgentMessages,
  usageEvent,
  usageOf,
} from './openai-format';
import { modelParamsOf, refusedParameter } from './refused-params';
import {
  refusedResponsesParameter,
  responseEvents,
  responseMeta,
  responseObject,
  responsesMessages,
  responsesModelParams,
} from './responses-format';
import { visitorTokens } from './visitor-token';
import { registerWidgetRoutes, type WidgetApp } from './widget-routes';

/** The product's name for the `owned_by` of the one model an app lists. */
const OWNER = 'agent-console';

/** Answers one call, streamed to the hooks when given. */
type Ask = (hooks?: { signal: AbortSignal; onDelta: (piece: string) => void }) => Promise<AgentAnswer>;

/** How a refusal names each kind of housekeeping request. */
const CHORE_WORDS: Record<HousekeepingKind, string> = {
  title: 'a title for the chat',
  tags: 'tags for the chat',
  followUps: 'follow-up suggestions',
  queries: 'search queries',
  other: 'a task of its own',
};

/** What an app's listener reports to the console's Prometheus metrics. */
export type AppMetrics = Pick<WorkMetrics, 'answered' | 'llmFellBack' | 'appRequest' | 'appAnswered'>;

interface AppRow extends WidgetApp {
  code: string;
  createdAt: Date;
  keyHash: string;
}

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
  /** The console's metrics: answers by step and channel, and this app's calls, answers and refusals. */
  metrics?: AppMetrics;
  /** The installation's key, which seals the widget's visitor tokens; one of this process when absent. */
  secretBox?: SecretBox;
  /** Answer calls the app's key may make in a minute; APP_API_RATE_LIMIT when absent. */
  rateLimit?: number;
}): FastifyInstance {
  const { db, appId } = deps;
  const server = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger.child({ appId }) } : { logger: false }),
    bodyLimit: APP_API_BODY_LIMIT,
    // The console's own proxy rules do not apply: an app is called directly by its clients.
    trustProxy: false,
    // Every answer names its request (`x-request-id`, as OpenAI's do), for a client's bug report
    // and the log; a caller cannot choose it.
    requestIdHeader: false,
    genReqId: () => `req_${randomUUID().replaceAll('-', '')}`,
    // A path Fastify cannot route (a malformed escape, a parameter past its length) is answered
    // before any hook: in OpenAI's shape and with the request id too, never echoing the path.
    frameworkErrors: answerFrameworkError,
  });
  endConnectionsAfterGrace(server);
  listRoutes(server);
  // A refusal the status alone does not name (a 429 is a spent quota or a visitor's rate).
  const refusals = new WeakMap<FastifyRequest, AppRefusal>();
  server.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Counted when the answer has gone out, a hijacked stream included (Fastify's own response
    // hooks do not run for it).
    const metrics = deps.metrics;
    if (metrics) {
      reply.raw.once('close', () =>
        metrics.appRequest(
          appId,
          request.routeOptions.url ?? 'unknown',
          reply.raw.statusCode,
          reply.elapsedTime / 1000,
          refusals.get(request),
        ),
      );
    }
  });
  // The app's row, read once per call: the CORS hook and the key check both need it.
  const rows = new WeakMap<FastifyRequest, Promise<AppRow | undefined>>();
  const rowOf = (request: FastifyRequest) => {
    let row = rows.get(request);
    if (!row) {
      row = appServingRow(db, appId);
      rows.set(request, row);
    }
    return row;
  };
  registerCors(server, async (request) => (await rowOf(request))?.allowedOrigins ?? []);

  registerOpenAiErrors(server);

  /** The answering pipeline's dependencies, the same for every call of this app. */
  const agentDeps: AgentDeps = {
    db,
    llm: deps.llm ?? null,
    embeddings: deps.embeddings ?? null,
    mail: deps.mail,
    clock: deps.clock,
    metrics: deps.metrics,
    ...(deps.logger ? { logger: deps.logger } : {}),
  };
  registerWidgetRoutes(server, {
    db,
    appOf: rowOf,
    tokens: visitorTokens(appId, deps.secretBox),
    agent: agentDeps,
    refused: (request, reason) => refusals.set(request, reason),
    answered: (step) => deps.metrics?.appAnswered(appId, step),
  });

  /** The app behind the presented key, or a 401 answer already sent. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<CallingApp | null> {
    const header = request.headers.authorization ?? '';
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    const row = await rowOf(request);
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

  /**
   * Counts one answer call of the app's key; false (a 429 in OpenAI's shape sent, with
   * `retry-after`) past the minute's budget. Counted in the database, so every instance serving
   * the app shares one budget.
   */
  async function withinRate(request: FastifyRequest, reply: FastifyReply, app: CallingApp): Promise<boolean> {
    const max = deps.rateLimit ?? APP_API_RATE_LIMIT;
    const { current, ttl } = await countHit(db, `app-api:${app.id}`, 60_000);
    if (current <= max) return true;
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    refusals.set(request, 'rate');
    await reply
      .status(429)
      .header('retry-after', String(seconds))
      .send(
        openAiError(
          `Rate limit reached: this app answers at most ${max} calls a minute. Try again in ${seconds} s.`,
          'requests',
          'rate_limit_exceeded',
        ),
      );
    return false;
  }

  const model = (app: CallingApp) => ({
    id: app.code,
    object: 'model',
    created: Math.floor(app.createdAt.getTime() / 1000),
    owned_by: OWNER,
  });

  server.get('/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));

  async function listModels(request: FastifyRequest, reply: FastifyReply) {
    const app = await authenticate(request, reply);
    if (!app) return reply;
    return { object: 'list', data: [model(app)] };
  }

  async function getModel(request: FastifyRequest<{ Params: { model: string } }>, reply: FastifyReply) {
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
  }

  /**
   * What answers one call: the caller's conversation opened (one per end user named in `user`),
   * and a function that answers and stores it (streamed with the hooks). Null when the messages
   * hold no user text to answer.
   */
  async function answerer(
    app: CallingApp,
    messages: AgentMessage[],
    user: string | null | undefined,
    modelParams: ModelParams,
  ): Promise<Ask | null> {
    const question = questionOf(messages);
    if (!question) return null;
    const externalKey = user || undefined;
    const conversationId = await openConversation(
      db,
      { customerId: app.customerId, appId: app.id, channel: 'api', ...(externalKey ? { externalKey } : {}) },
      question,
    );
    const call = {
      customerId: app.customerId,
      appId: app.id,
      messages,
      conversationId,
      channel: 'api' as const,
      question,
      modelParams,
    };
    return async (hooks) => {
      const { answer } = await respond(agentDeps, { ...call, ...hooks });
      deps.metrics?.appAnswered(app.id, answer.step);
      return answer;
    };
  }

  /**
   * What answers a front-end's housekeeping request (housekeeping.ts): the model, from the request
   * as it came; nothing stored, billed or flagged.
   */
  async function choreAnswerer(app: CallingApp, messages: AgentMessage[], params: ModelParams): Promise<Ask | null> {
    const llm = deps.llm;
    if (!llm) return null;
    // Not billed, but not free for all either: a customer whose answers are used up gets none, and
    // the reply is short, so the app's key cannot serve as a general-purpose model.
    await checkQuota({ db, mail: deps.mail, unitsUsed: answerUnitsIn }, app.customerId, nowOf(deps));
    const { llmModel } = await readAgentConfig(db, app.id);
    const capped = {
      ...params,
      maxTokens: Math.min(params.maxTokens ?? HOUSEKEEPING_MAX_TOKENS, HOUSEKEEPING_MAX_TOKENS),
    };
    return async (hooks) => {
      const answer = await housekeepingAnswer(llm, { messages, model: llmModel, params: capped, ...hooks });
      deps.metrics?.appAnswered(app.id, 'housekeeping');
      return answer;
    };
  }

  const noQuestion = (reply: FastifyReply, param: string) =>
    reply
      .status(400)
      .send(openAiError(`${param} must hold a user message with text.`, 'invalid_request_error', null, param));

  const refuse = (reply: FastifyReply, refused: { message: string; param: string | null }) =>
    reply.status(400).send(openAiError(refused.message, 'invalid_request_error', null, refused.param));

  async function chatCompletions(request: FastifyRequest, reply: FastifyReply) {
    const app = await authenticate(request, reply);
    if (!app || !(await withinRate(request, reply, app))) return reply;
    const parsed = chatCompletionRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuse(reply, describeIssue(parsed.error));
    const refused = refusedParameter(parsed.data, Boolean(deps.llm));
    if (refused) return refuse(reply, refused);
    const messages = toAgentMessages(parsed.data.messages);
    const chore = housekeepingKind(messages);
    if (chore && !deps.llm) {
      return reply
        .status(400)
        .send(
          openAiError(
            `This is a chat front-end's own request (${CHORE_WORDS[chore]}), not a customer's question, and the console has no language model to write it. Turn it off in the front-end (Open WebUI: Settings › Interface), or configure a model.`,
            'invalid_request_error',
            'housekeeping_needs_model',
          ),
        );
    }
    const ask = chore
      ? await choreAnswerer(app, messages, modelParamsOf(parsed.data))
      : await answerer(app, messages, parsed.data.user, modelParamsOf(parsed.data));
    if (!ask) return noQuestion(reply, 'messages');
    const meta = completionMeta(app.code, parsed.data.stream_options?.include_usage === true);
    if (!parsed.data.stream) {
      const answer = await ask();
      return completionBody(meta, answer, usageOf(messages, answer));
    }

    return streamAnswer(
      request,
      reply,
      {
        opening: () => chunkEvent(meta, { role: 'assistant', content: '' }),
        piece: (text) => chunkEvent(meta, { content: text }),
        closing: (result) =>
          chunkEvent(meta, {}, result) +
          (meta.includeUsage ? usageEvent(meta, usageOf(messages, result)) : '') +
          DONE_EVENT,
        broken: () =>
          `data: ${JSON.stringify(openAiError('The answer broke off; the console log has the reason.', 'server_error'))}\n\n`,
      },
      ask,
    );
  }

  /** OpenAI's Responses API over the same pipeline (responses-format.ts). */
  async function responses(request: FastifyRequest, reply: FastifyReply) {
    const app = await authenticate(request, reply);
    if (!app || !(await withinRate(request, reply, app))) return reply;
    const parsed = responsesRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuse(reply, describeIssue(parsed.error));
    const refused = refusedResponsesParameter(parsed.data, Boolean(deps.llm));
    if (refused) return refuse(reply, refused);
    const messages = responsesMessages(parsed.data);
    const ask = await answerer(app, messages, parsed.data.user, responsesModelParams(parsed.data));
    if (!ask) return noQuestion(reply, 'input');
    const meta = responseMeta(app.code, parsed.data);
    if (!parsed.data.stream) {
      const result = await ask();
      return responseObject(meta, { result, usage: usageOf(messages, result) });
    }
    return streamAnswer(
      request,
      reply,
      responseEvents(meta, (result) => usageOf(messages, result)),
      ask,
    );
  }

  // OpenAI's paths, and the same without `/v1`: some clients are given the host as their base URL.
  for (const prefix of ['/v1', '']) {
    server.get(`${prefix}/models`, listModels);
    server.get(`${prefix}/models/:model`, getModel);
    server.post(`${prefix}/chat/completions`, chatCompletions);
    server.post(`${prefix}/responses`, responses);
  }

  return server;
}
