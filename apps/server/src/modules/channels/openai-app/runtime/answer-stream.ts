import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AgentAnswer } from '../../../agent/answer/agent';

/** What one of OpenAI's APIs writes at each moment of a streamed answer, as server-sent events. */
export interface StreamWords {
  /** Before the first piece. */
  opening(): string;
  piece(text: string): string;
  /** After the last piece: the finish, usage, and whatever ends the stream. */
  closing(result: AgentAnswer): string;
  /** The answer broke off after pieces were sent. */
  broken(): string;
}

/**
 * An answer streamed to the caller, for both of OpenAI's APIs an app serves (chat completions and
 * responses). The stream opens with the first piece, so a failure before it still answers as JSON
 * (the error handler's); one after it can only be told in the stream. A client that hangs up stops
 * the model.
 */
export async function streamAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  words: StreamWords,
  run: (hooks: { signal: AbortSignal; onDelta: (piece: string) => void }) => Promise<AgentAnswer>,
): Promise<FastifyReply> {
  const raw = reply.raw;
  const hangUp = new AbortController();
  raw.on('close', () => hangUp.abort());
  let open = false;
  const openStream = () => {
    if (open) return;
    open = true;
    reply.hijack();
    raw.writeHead(200, {
      // What the hooks set (the request id, CORS) goes out with the stream's own head.
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(words.opening());
  };
  let result: AgentAnswer;
  try {
    result = await run({
      signal: hangUp.signal,
      onDelta: (piece) => {
        openStream();
        if (!raw.destroyed) raw.write(words.piece(piece));
      },
    });
  } catch (err) {
    if (!open) throw err;
    // A caller that hung up stopped the answer: that is not a failure of the console or the model.
    if (hangUp.signal.aborted) request.log.info('app answer stopped: the client hung up');
    else request.log.error({ err }, 'app answer failed while streaming');
    if (!raw.destroyed) raw.end(words.broken());
    return reply;
  }
  openStream();
  if (!raw.destroyed) raw.end(words.closing(result));
  return reply;
}
