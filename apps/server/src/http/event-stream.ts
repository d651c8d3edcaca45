import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A server-sent event stream on one reply, opened by its first event. */
export interface EventStream {
  /** Whether the stream has opened (its 200 and headers are on their way). */
  readonly opened: boolean;
  /** Sends `event: <name>` with `data: <JSON>`; opens the stream first if needed. */
  send(event: string, data: unknown): void;
  /** Ends the stream (opening it first if nothing was sent). */
  end(): void;
  /** Aborted when the client hangs up before the stream has ended. */
  readonly hangUp: AbortSignal;
}

/**
 * Server-sent events for a route whose answer may fail before its first event: until then the
 * route can still throw and answer with a JSON error envelope. The body is a stream handed to
 * `reply.send`, not a hijacked socket, so the app's onSend hooks (security headers, request id)
 * apply to it like to any answer. The handler returns `reply` once it has ended the stream.
 */
export function lazyEventStream(reply: FastifyReply): EventStream {
  let stream: PassThrough | null = null;
  const hangUp = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) hangUp.abort();
  });
  const open = (): PassThrough => {
    if (stream) return stream;
    const body = new PassThrough();
    stream = body;
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-store')
      // Proxies such as nginx would otherwise hold the pieces back until the answer is complete.
      .header('x-accel-buffering', 'no');
    void reply.send(body);
    return body;
  };
  return {
    get opened() {
      return stream !== null;
    },
    hangUp: hangUp.signal,
    send(event, data) {
      const body = open();
      // JSON.stringify escapes line breaks, so the data is always one `data:` line.
      if (!body.destroyed && !body.writableEnded) body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      const body = open();
      if (!body.writableEnded) body.end();
    },
  };
}
