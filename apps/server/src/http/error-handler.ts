import {
  codeForReason,
  describeFieldError,
  type ErrorCode,
  errorMessage,
  errorStatus,
  FIELD_REASONS,
  type FieldError,
  type FieldReason,
  type Language,
} from '@agent-console/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

interface ValidationItem {
  instancePath: string;
  message?: string;
}

/**
 * The one place that turns failures into envelopes. Anything a client can send ends as an
 * A-class answer; only our own faults become B0001, and those are logged with the request id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error.code, error.data);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      return sendValidation(request, reply, fieldErrors(error.validation as ValidationItem[], part));
    }
    const mapped = mapFastifyError(error);
    if (mapped) return sendError(request, reply, mapped);
    const refused = mapDatabaseDataError(error);
    if (refused) {
      // A contract let through a value the column refuses: the caller still gets an A-class
      // answer, and the warning tells us which contract to tighten.
      request.log.warn({ err: error }, 'database refused a value the contract accepted');
      return sendError(request, reply, refused);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'B0001');
  });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, data: unknown = null) {
  const lang = request.lang ?? 'en';
  const fields = extractFields(data);
  const [first] = fields;
  const detail = code.startsWith('C') ? serviceDetail(data) : undefined;
  const message = first
    ? fieldMessage(code, first, lang)
    : detail
      ? `${errorMessage(code, lang)}${lang === 'en' ? ': ' : '：'}${detail}`
      : errorMessage(code, lang);
  return reply.status(errorStatus(code)).send({ code, message, data });
}

function sendValidation(request: FastifyRequest, reply: FastifyReply, fields: FieldError[]) {
  const first = fields[0];
  const code = first ? codeForReason(first.reason) : 'A0400';
  return sendError(request, reply, code, { fields });
}

function fieldErrors(items: ValidationItem[], part: string): FieldError[] {
  return items.map((item) => {
    const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const reason = (item.message && item.message in FIELD_REASONS ? item.message : 'invalidValue') as FieldReason;
    return { field: path || part, reason };
  });
}

/** What an outside service said (ServiceErrorData), for the message of a C-class answer. */
function serviceDetail(data: unknown): string | undefined {
  const detail = data && typeof data === 'object' ? (data as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' && detail ? detail : undefined;
}

function extractFields(data: unknown): FieldError[] {
  if (data && typeof data === 'object' && 'fields' in data && Array.isArray((data as { fields: unknown }).fields)) {
    return (data as { fields: FieldError[] }).fields;
  }
  return [];
}

/**
 * Refusals by rule (permission, operation not allowed) keep their code's message in front of the
 * field's sentence: "Operation not allowed: This record is built in". For every other code the
 * sentence says it all ("Current password is incorrect"); "Wrong username or password: …" or
 * "Parameter error: …" in front would only repeat or, worse, mislead.
 */
const FRAMING_CODES: ReadonlySet<ErrorCode> = new Set(['A0312', 'A0440']);

export function fieldMessage(code: ErrorCode, field: FieldError, lang: Language): string {
  const sentence = describeFieldError(field, lang);
  if (!FRAMING_CODES.has(code)) return sentence;
  return `${errorMessage(code, lang)}${lang === 'en' ? ': ' : '：'}${sentence}`;
}

function mapFastifyError(error: FastifyError): ErrorCode | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_ERR_INVALID_URL':
      return 'A0427';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return 'A0702';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'A0427';
  }
  if (error.statusCode === 429) return 'A0501';
  if (error instanceof SyntaxError) return 'A0427';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'A0400';
  return undefined;
}

/**
 * The backstop for values the contracts should have refused: PostgreSQL's class 22 "data
 * exception" (a NUL or invalid byte sequence, a number out of range, text that is not a number,
 * a value too long) is the caller's input, so it answers A0400 rather than B0001. Drivers wrap the
 * database error (drizzle's `cause`), so the chain is searched.
 */
export function mapDatabaseDataError(error: unknown): ErrorCode | undefined {
  let current: unknown = error;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return 'A0400';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
