import { type BusinessType, SUCCESS_CODE } from '@agent-console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { operationLogs } from '../db/schema';
import type { BackgroundTasks } from '../lib/background-tasks';
import { type AuditRouteConfig, auditTarget, auditText, capText, MASK, maskSecrets } from './audit-rules';

export type { AuditRouteConfig } from './audit-rules';

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: false | AuditRouteConfig;
  }
  interface FastifyInstance {
    /** Resolves once every operation-log row already due, and other background work, has ended (tests). */
    auditSettled(): Promise<void>;
  }
}

type Target = { title: string; type: BusinessType };

/**
 * The operation log of every module, from one place. A write call (by the rule in audit-rules.ts,
 * or a route's `config.audit`) is recorded after its answer has been sent (onResponse), so the
 * recording never slows the call; a failure to record is logged and never reaches the caller.
 */
export function registerAuditHook(app: FastifyInstance, db: Db, tasks: BackgroundTasks): void {
  const answers = new WeakMap<FastifyRequest, unknown>();
  // Rows are written as background tasks: the app's close waits for them before the database closes.
  app.decorate('auditSettled', () => tasks.idle());

  // Callback hooks: nothing here waits, and an async hook costs a promise per request.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (targetOf(request)) answers.set(request, payload);
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const target = targetOf(request);
    // Anonymous calls to private routes were refused before doing anything: not worth a row.
    if (target && (request.auth || request.routeOptions.config.public)) {
      const answer = answers.get(request);
      tasks.run('operation log', () =>
        writeRow(db, request, reply, target, answer).catch((err) => {
          request.log.error({ err }, 'operation log not recorded');
        }),
      );
    }
    done();
  });
}

function targetOf(request: FastifyRequest): Target | null {
  const routeUrl = request.routeOptions.url;
  if (!routeUrl) return null;
  const override = request.routeOptions.config.audit;
  const tags = (request.routeOptions.schema as { tags?: string[] } | undefined)?.tags;
  const target = auditTarget(request.method, routeUrl, override, tags);
  if (!target) return null;
  const command =
    typeof override === 'object' && override.commandKey ? commandOf(request.body, override.commandKey) : null;
  return { title: command ? `${target.title}: ${command}` : target.title, type: target.type };
}

/** The command a body names, as text fit for a title; null when there is none. */
function commandOf(body: unknown, key: string): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value ? capText(value, 100) : null;
}

interface Outcome {
  code: string | null;
  message: string | null;
  result: string | null;
}

/**
 * An answer that must never be kept (`Cache-Control: no-store`) carries a credential: a session,
 * a generated password, an invitation code, an app key, a QR login. Its result is masked whatever
 * its fields are called, so a new route of that kind is covered by the header it needs anyway.
 */
function credentialAnswer(reply: FastifyReply): boolean {
  return /no-store/i.test(String(reply.getHeader('cache-control') ?? ''));
}

/** Reads the envelope out of the sent payload; files and streams are described, not copied. */
function outcomeOf(payload: unknown, reply: FastifyReply): Outcome {
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (contentType.includes('json')) {
      try {
        const parsed = JSON.parse(payload.toString()) as { code?: unknown; message?: unknown };
        const code = typeof parsed.code === 'string' ? parsed.code : null;
        const message = typeof parsed.message === 'string' ? parsed.message : null;
        return { code, message, result: credentialAnswer(reply) ? MASK : auditText(parsed) };
      } catch {
        return { code: null, message: null, result: capText(payload.toString()) };
      }
    }
  }
  const disposition = reply.getHeader('content-disposition');
  return { code: null, message: null, result: disposition ? capText(`[file] ${String(disposition)}`) : null };
}

function paramsOf(request: FastifyRequest): string | null {
  const parts: Record<string, unknown> = {};
  const query = request.query as Record<string, unknown> | undefined;
  const params = request.params as Record<string, unknown> | undefined;
  if (query && Object.keys(query).length) parts.query = query;
  if (params && Object.keys(params).length) parts.params = params;
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || isPlain(body))) parts.body = body;
  return Object.keys(parts).length ? auditText(parts) : null;
}

function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

async function writeRow(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  target: Target,
  payload: unknown,
): Promise<void> {
  const outcome = outcomeOf(payload, reply);
  const failed = outcome.code ? outcome.code !== SUCCESS_CODE : reply.statusCode >= 400;
  const auth = request.auth;
  const userAgent = request.headers['user-agent'];
  await db.insert(operationLogs).values({
    title: capText(target.title, 200),
    businessType: target.type,
    method: request.method,
    path: capText(request.url.split('?')[0] ?? request.url, 500),
    userId: auth?.userId ?? null,
    username: auth?.username ?? usernameFromBody(request.body),
    customerId: auth?.customerId ?? null,
    ip: request.ip,
    userAgent: userAgent ? capText(userAgent, 500) : null,
    params: paramsOf(request),
    result: outcome.result,
    status: failed ? 'failure' : 'success',
    httpStatus: reply.statusCode,
    errorCode: failed ? (outcome.code ?? `HTTP${reply.statusCode}`) : null,
    errorMessage: failed && outcome.message ? capText(outcome.message, 500) : null,
    costMs: Math.max(0, Math.round(reply.elapsedTime)),
  });
}

/** Anonymous writes (registration) name their user in the body. */
function usernameFromBody(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const name = (maskSecrets(body) as Record<string, unknown>).username;
  return typeof name === 'string' && name !== MASK ? capText(name, 64) : null;
}
