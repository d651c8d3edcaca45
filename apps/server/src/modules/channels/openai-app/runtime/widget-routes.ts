import { timingSafeEqual } from 'node:crypto';
import {
  APP_ORIGIN_PATTERN,
  normaliseOrigin,
  WIDGET_ADDRESS_RATE_LIMIT,
  WIDGET_CHAT_PATH,
  WIDGET_POLL_RATE_LIMIT,
  WIDGET_RATE_LIMIT,
  WIDGET_REPLIES_PATH,
  WIDGET_SCRIPT_PATH,
  WIDGET_START_PATH,
  WIDGET_START_RATE_LIMIT,
  WIDGET_TURNS_MAX,
  type WidgetDone,
  type WidgetReplies,
  type WidgetStart,
  type WidgetTurn,
  widgetChatRequestSchema,
  widgetRepliesRequestSchema,
  widgetSourceOf,
  widgetStartRequestSchema,
} from '@agent-console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../../db/client';
import type { AppRefusal } from '../../../../http/app-deps';
import { lazyEventStream } from '../../../../http/event-stream';
import { countHit } from '../../../../http/rate-limit-store';
import type { AgentDeps } from '../../../agent/answer/agent';
import { conversationTurns, respond, storedTurns } from '../../../agent/answer/conversations';
import { conversationOfKey, openConversation } from '../../../agent/conversation/conversation.repo';
import { VISITOR_KEY_PREFIX } from '../visitor-conversations';
import { widgetRepliesOf } from '../visitor-replies';
import { widgetWelcome } from '../widget-welcome';
import { allowedOrigin } from './app-cors';
import { describeIssue, openAiError } from './openai-format';
import type { VisitorTokens } from './visitor-token';
import { widgetBundle } from './widget-bundle';

/** The app as the widget's routes read it (once per call, shared with the CORS hook). */
export interface WidgetApp {
  id: number;
  customerId: number;
  name: string;
  widgetKey: string;
  allowedOrigins: string[];
}

export interface WidgetContext {
  db: Db;
  appOf(request: FastifyRequest): Promise<WidgetApp | undefined>;
  tokens: VisitorTokens;
  agent: AgentDeps;
  /** Names the refusal the metrics count for this call (a 429 is a quota or a rate). */
  refused(request: FastifyRequest, reason: AppRefusal): void;
  answered(step: string): void;
}

const RATE_WINDOW_MS = 60_000;
/** How long a browser may keep the script before asking whether it changed. */
const SCRIPT_MAX_AGE_S = 300;

function keyMatches(presented: string, stored: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The website widget on an app's port (issue 36): its script, and the calls it makes (start,
 * chat, and people's replies while it waits for one). The
 * widget key opens these routes only (never the OpenAI API, whose key opens none of these), from
 * the app's allowed web pages only: a call without an allowed `Origin` is refused, whatever the key.
 * Answers are rate-limited per visitor and per network address, counted in the database so
 * that every console instance counts one budget.
 */
export function registerWidgetRoutes(server: FastifyInstance, ctx: WidgetContext): void {
  const { db } = ctx;

  server.get(WIDGET_SCRIPT_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const bundle = await widgetBundle();
    if (!bundle) {
      return reply
        .status(404)
        .send(
          openAiError(
            'The widget is not built on this server (npm run build).',
            'invalid_request_error',
            'unknown_url',
          ),
        );
    }
    void reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', `public, max-age=${SCRIPT_MAX_AGE_S}`)
      .header('etag', bundle.etag)
      .header('vary', 'Accept-Encoding')
      // Pages that isolate themselves (COEP) may still load it.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === bundle.etag) return reply.status(304).send();
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(bundle.gzip);
    }
    return reply.send(bundle.plain);
  });

  const refuse = (
    reply: FastifyReply,
    status: number,
    code: string | null,
    message: string,
    param: string | null = null,
  ) => reply.status(status).send(openAiError(message, 'invalid_request_error', code, param));

  /** A body the widget would never send, refused naming its field; the widget words the two it can meet. */
  const refuseBody = (reply: FastifyReply, error: z.ZodError) => {
    const issue = describeIssue(error);
    const code = issue.param === 'message' ? 'invalid_message' : issue.param === 'visitor' ? 'invalid_visitor' : null;
    return refuse(reply, 400, code, issue.message, issue.param);
  };

  /** The app behind the widget key, called from one of its allowed pages; or a refusal already sent. */
  async function admit(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ app: WidgetApp; origin: string | null } | null> {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const app = await ctx.appOf(request);
    if (!presented || !app || !keyMatches(presented, app.widgetKey)) {
      await refuse(
        reply.header('www-authenticate', 'Bearer'),
        401,
        'invalid_widget_key',
        presented
          ? "Incorrect widget key. Copy the script tag again from the console's App info."
          : 'No widget key provided. The script tag carries it as data-key.',
      );
      return null;
    }
    const origin = request.headers.origin;
    if (!origin || !allowedOrigin(app.allowedOrigins, origin)) {
      await refuse(
        reply,
        403,
        'origin_not_allowed',
        "This web page may not use the app's widget: its origin is not among the app's allowed web pages.",
      );
      return null;
    }
    // Kept as the console shows it: a page's origin as written, or none for what is not one
    // (a sandboxed frame's `null`, anything a script off the web sends to a `*` app).
    const shown = normaliseOrigin(origin);
    return { app, origin: shown !== '*' && APP_ORIGIN_PATTERN.test(shown) ? shown : null };
  }

  /** Counts one hit on each budget; false (a 429 sent) when one of them is spent. */
  async function withinRate(
    request: FastifyRequest,
    reply: FastifyReply,
    budgets: { key: string; max: number }[],
  ): Promise<boolean> {
    for (const budget of budgets) {
      const { current, ttl } = await countHit(db, budget.key, RATE_WINDOW_MS);
      if (current > budget.max) {
        const seconds = Math.max(1, Math.ceil(ttl / 1000));
        ctx.refused(request, 'rate');
        await refuse(
          reply.header('retry-after', String(seconds)),
          429,
          'rate_limited',
          `Too many requests: at most ${budget.max} a minute. Try again in ${seconds} s.`,
        );
        return false;
      }
    }
    return true;
  }

  /** The visitor's id from their token, or a 401 already sent when the token is not one of this app's. */
  async function visitorOf(reply: FastifyReply, token: string): Promise<string | null> {
    const visitorId = ctx.tokens.read(token);
    if (!visitorId) {
      await refuse(
        reply,
        401,
        'invalid_visitor',
        "The visitor's token is not one this app gave out; start again.",
        'visitor',
      );
    }
    return visitorId;
  }

  const visitorConversation = (appId: number, visitorId: string) =>
    conversationOfKey(db, appId, VISITOR_KEY_PREFIX + visitorId);

  server.post(WIDGET_START_PATH, { config: { access: 'widgetKey' } }, async (request, reply) => {
    const admitted = await admit(request, reply);
    if (!admitted) return reply;
    const { app } = admitted;
    const parsed = widgetStartRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) return refuseBody(reply, parsed.error);
    // Every start counts (each may mint a visitor, and each reads a conversation).
    const startKey = `widget-start:${app.id}:${request.ip}`;
    if (!(await withinRate(request, reply, [{ key: startKey, max: WIDGET_START_RATE_LIMIT }]))) return reply;
    const known = parsed.data.visitor ? ctx.tokens.read(parsed.data.visitor) : null;
    const { token: visitor } = known ? { token: parsed.data.visitor as string } : ctx.tokens.issue();
    const conversationId = known ? await visitorConversation(app.id, known) : null;
    const stored = conversationId ? await storedTurns(db, conversationId) : [];
    // The newest turns only; people's replies are placed among those shown.
    const dropped = Math.max(0, stored.length - WIDGET_TURNS_MAX);
    const turns: WidgetTurn[] = stored.slice(dropped).map((turn) => ({
      question: turn.question,
      answer: turn.answer,
      sources: turn.sources.map(widgetSourceOf),
      needsPerson: turn.needsPerson,
    }));
    const replies = conversationId ? await widgetRepliesOf(db, conversationId) : [];
    const start: WidgetStart = {
      name: app.name,
      welcome: await widgetWelcome(db, app.id),
      visitor,
      turns,
      replies: replies.map((r) => ({ ...r, afterTurn: Math.max(0, r.afterTurn - dropped) })),
    };
    return start;
  });

  server.post(WIDGET_REPLIES_PATH, { config: { access: 'widgetKey' } }, async (request, reply) => {
    const admitted = await admit(request, reply);
    if (!admitted) return reply;
    const { app } = admitted;
    const parsed = widgetRepliesRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuseBody(reply, parsed.error);
    const visitorId = await visitorOf(reply, parsed.data.visitor);
    if (!visitorId) return reply;
    const within = await withinRate(request, reply, [
      { key: `widget-poll:${app.id}:${request.ip}`, max: WIDGET_POLL_RATE_LIMIT },
    ]);
    if (!within) return reply;
    const conversationId = await visitorConversation(app.id, visitorId);
    const replies: WidgetReplies = {
      replies: conversationId ? await widgetRepliesOf(db, conversationId, parsed.data.after) : [],
    };
    return replies;
  });

  server.post(WIDGET_CHAT_PATH, { config: { access: 'widgetKey' } }, async (request, reply) => {
    const admitted = await admit(request, reply);
    if (!admitted) return reply;
    const { app, origin } = admitted;
    const parsed = widgetChatRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuseBody(reply, parsed.error);
    const visitorId = await visitorOf(reply, parsed.data.visitor);
    if (!visitorId) return reply;
    const within = await withinRate(request, reply, [
      { key: `widget-visitor:${app.id}:${visitorId}`, max: WIDGET_RATE_LIMIT },
      { key: `widget-address:${app.id}:${request.ip}`, max: WIDGET_ADDRESS_RATE_LIMIT },
    ]);
    if (!within) return reply;
    const { message } = parsed.data;
    const conversationId = await openConversation(
      db,
      {
        customerId: app.customerId,
        appId: app.id,
        channel: 'widget',
        externalKey: VISITOR_KEY_PREFIX + visitorId,
        ...(origin ? { origin } : {}),
      },
      message,
    );
    const history = await conversationTurns(db, conversationId);
    const stream = lazyEventStream(reply);
    try {
      const { answer } = await respond(ctx.agent, {
        customerId: app.customerId,
        appId: app.id,
        messages: [...history, { role: 'user', content: message }],
        conversationId,
        channel: 'widget',
        question: message,
        signal: stream.hangUp,
        onDelta: (piece) => stream.send('delta', { text: piece }),
      });
      ctx.answered(answer.step);
      const done: WidgetDone = { sources: answer.sources.map(widgetSourceOf), needsPerson: answer.needsPerson };
      stream.send('done', done);
    } catch (err) {
      // Before the first event the error handler answers (a spent quota as a 429).
      if (!stream.opened) throw err;
      if (stream.hangUp.aborted) request.log.info({ conversationId }, 'widget answer stopped: the visitor left');
      else request.log.error({ err, conversationId }, 'widget answer failed while streaming');
      stream.send('error', { code: 'server_error', message: 'The answer broke off.' });
    }
    stream.end();
    return reply;
  });
}
