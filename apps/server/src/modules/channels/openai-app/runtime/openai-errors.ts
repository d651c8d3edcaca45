import { APP_API_BODY_LIMIT } from '@agent-console/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isQuotaUsedUp } from '../../../config/usage/quota-guard';
import { openAiError } from './openai-format';

/**
 * An app's listener answers every error in OpenAI's shape, which its clients parse into their own
 * error classes: a spent quota as OpenAI's 429, a body too large, one that is not JSON, an unknown
 * path; anything a client sends answers 4xx, never 5xx.
 */
export function registerOpenAiErrors(server: FastifyInstance): void {
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
}

/** A path Fastify cannot route (a malformed escape, a parameter past its length). */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .status(tooLong ? 414 : 400)
    .header('x-request-id', request.id)
    .send(
      openAiError(
        tooLong ? 'A part of the request URL is too long.' : 'The request URL is not valid.',
        'invalid_request_error',
        tooLong ? 'uri_too_long' : 'invalid_url',
      ),
    );
}
