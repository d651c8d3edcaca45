import { codeForReason, FIELD_REASONS, type FieldReason, type LocalizedText } from '@agent-console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { ObjectStorage } from '../storage';

/** What a handler gets besides its parameters. */
export interface JobContext {
  db: Db;
  /** The job being run; null never happens for scheduled runs but keeps handlers honest. */
  jobId: number | null;
  customerId: number;
  logger?: FastifyBaseLogger;
  /** The app's object storage, for handlers that delete stored bytes; absent without one. */
  storage?: ObjectStorage;
}

/** What the runner passes to every handler besides the job's own values. */
export type JobServices = Pick<JobContext, 'logger' | 'storage'>;

/**
 * What a handler may act on (issue 31):
 * - `customer`: at most the rows of the job's customer and the customers below it
 *   (`ctx.customerId`, e.g. with `subtreeCondition`), or no customer's rows at all; any job
 *   owner may schedule it;
 * - `product`: rows of every customer, or of none (sessions, sign-in counters, the audit logs):
 *   offered to, saved for and run for owners with data scope "all" only.
 * `jobs/job-reach.test.ts` walks every registered handler and holds each to its word.
 */
export type JobReach = 'customer' | 'product';

/**
 * A scheduled-job handler: a name users pick from a list, parameters checked by its own zod
 * schema, and code written here, never taken from user text (ANCHORS §B item 4).
 * `run` returns a short message for the job log (what was done, e.g. "removed 3 sessions").
 */
export interface JobHandler<S extends z.ZodType = z.ZodType> {
  name: string;
  titles: LocalizedText;
  reach: JobReach;
  paramsSchema: S;
  /** Parameters that pass `paramsSchema`; the job dialog offers them as a starting point. */
  exampleParams: z.input<S>;
  run(params: z.output<S>, ctx: JobContext): Promise<string | undefined>;
}

const handlers = new Map<string, JobHandler>();

/**
 * A handler, typed by its parameter schema. Modules export theirs as constants; only the
 * composition root (background.ts) registers them, so importing a module never changes the list.
 */
export function defineJobHandler<S extends z.ZodType>(handler: JobHandler<S>): JobHandler {
  return handler as unknown as JobHandler;
}

/** Makes a handler available to scheduled jobs. */
export function registerJobHandler<S extends z.ZodType>(handler: JobHandler<S>): void {
  const existing = handlers.get(handler.name);
  // The same object registered again (a second app in one process) is harmless; two different ones are a bug.
  if (existing && existing !== (handler as unknown as JobHandler)) {
    throw new Error(`job handler "${handler.name}" is registered twice`);
  }
  handlers.set(handler.name, handler as unknown as JobHandler);
}

export function findJobHandler(name: string): JobHandler | undefined {
  return handlers.get(name);
}

/** The handlers a job owner may choose: the product-wide ones only with data scope "all". */
export function listJobHandlers(productWide: boolean): JobHandler[] {
  return [...handlers.values()]
    .filter((handler) => productWide || handler.reach === 'customer')
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Refuses names that are not registered (the only way to choose what a job runs), and
 * product-wide handlers to an owner without data scope "all".
 */
export function requireJobHandler(name: string, productWide: boolean): JobHandler {
  const handler = handlers.get(name);
  if (!handler) throw AppError.field('A0400', 'handler', 'invalidValue');
  assertHandlerAllowed(handler, productWide);
  return handler;
}

/** A product-wide handler is refused, naming `handler`, to an owner without data scope "all". */
export function assertHandlerAllowed(handler: JobHandler | undefined, productWide: boolean): void {
  if (handler?.reach === 'product' && !productWide) throw AppError.field('A0400', 'handler', 'reservedToAll');
}

/**
 * Checks parameters against the handler's schema; a failure names the parameter as
 * `params.<path>` so the dialog can point at it.
 */
export function checkJobParams(handler: JobHandler, params: unknown): unknown {
  const parsed = handler.paramsSchema.safeParse(params);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    field: ['params', ...issue.path.map(String)].join('.'),
    reason: (issue.message in FIELD_REASONS ? issue.message : 'invalidValue') as FieldReason,
  }));
  const first = fields[0] ?? { field: 'params', reason: 'invalidValue' as FieldReason };
  throw new AppError(codeForReason(first.reason), { fields: fields.length ? fields : [first] });
}
