import { normaliseOrigin } from '@agent-console/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { openAiError } from './openai-format';

/**
 * CORS of an app's listener (issue 36): a web page may call the app from a browser only when its
 * origin is among the app's allowed web pages (`*`: any page). Read on every call, so a saved
 * change applies at once. Credentials are never allowed: a page calls with the app's key or the
 * widget's, never with cookies.
 */

/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_S = 600;
/** Header names as a preflight lists them (`authorization, content-type, x-stainless-os`). */
const HEADER_LIST = /^[A-Za-z0-9-]+(?:\s*,\s*[A-Za-z0-9-]+)*$/;

/** The value of `Access-Control-Allow-Origin` for a page's origin, or null when it may not call. */
export function allowedOrigin(allowed: readonly string[], origin: string): string | null {
  if (allowed.includes('*')) return '*';
  return allowed.includes(normaliseOrigin(origin)) ? origin : null;
}

export function registerCors(
  server: FastifyInstance,
  allowedOrigins: (request: FastifyRequest) => Promise<readonly string[]>,
): void {
  server.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    // Answers differ by the page asking: a cache must not hand one page's answer to another.
    reply.header('vary', 'Origin');
    const allow = allowedOrigin(await allowedOrigins(request), origin);
    if (!allow) return;
    reply.header('access-control-allow-origin', allow);
    reply.header('access-control-expose-headers', 'x-request-id, retry-after');
  });

  // The browser's preflight before a call with a key or a JSON body, on any path of the app.
  server.options('*', { config: { access: 'public' } }, async (request, reply) => {
    if (!request.headers.origin || !reply.hasHeader('access-control-allow-origin')) {
      return reply
        .status(403)
        .send(
          openAiError(
            "This web page may not call the app: its origin is not among the app's allowed web pages.",
            'invalid_request_error',
            'origin_not_allowed',
          ),
        );
    }
    const asked = request.headers['access-control-request-headers'];
    void reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
    if (typeof asked === 'string' && HEADER_LIST.test(asked)) reply.header('access-control-allow-headers', asked);
    return reply.status(204).send();
  });
}
