import { readChunks } from './abortable';
import type { CallScope } from './call-scope';
import { type LlmChatRequest, type LlmChatResult, LlmError } from './chat-llm';
import { count, parseCompletion, readBody } from './completion';
import { describeError } from './provider-call';
import { stripThink, ThinkFilter } from './think-filter';

interface StreamChunk {
  choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: { message?: unknown };
}

/** An error thrown by the caller's own `onDelta`: passed on as it is, not blamed on the provider. */
class CallerFault {
  constructor(readonly error: unknown) {}
}

/**
 * Reads a chat-completions SSE stream. The idle limit is restarted on every chunk; the scope's
 * abort (idle, whole-reply limit, caller gone) ends the read at once and closes the connection.
 *
 * A stream is complete only with `data: [DONE]` or a choice's `finish_reason`; one that simply
 * stops was cut off (a proxy timeout, a crashed worker) and its partial text must not pass for
 * the answer. `<think>` blocks are cut out of both the pieces and the content, which stay equal.
 */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  request: LlmChatRequest,
  scope: CallScope,
  idleTimeoutMs: number,
): Promise<LlmChatResult> {
  const decoder = new TextDecoder();
  const thoughts = new ThinkFilter();
  let buffer = '';
  let content = '';
  let promptTokens: number | null = null;
  let completionTokens: number | null = null;
  let done = false;
  let finished = false;
  const emit = (visible: string) => {
    if (!visible) return;
    content += visible;
    try {
      request.onDelta?.(visible);
    } catch (err) {
      throw new CallerFault(err);
    }
  };
  const handle = (line: string) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let chunk: StreamChunk;
    try {
      chunk = JSON.parse(data) as StreamChunk;
    } catch {
      throw new LlmError('LLM stream sent an event that is not JSON', 'protocol');
    }
    if (chunk.error) throw new LlmError(`LLM stream failed: ${String(chunk.error.message ?? 'unknown error')}`, 'http');
    const choice = chunk.choices?.[0];
    if (typeof choice?.finish_reason === 'string' && choice.finish_reason) finished = true;
    const piece = choice?.delta?.content;
    if (typeof piece === 'string' && piece) emit(thoughts.push(piece));
    if (chunk.usage) {
      promptTokens = count(chunk.usage.prompt_tokens) ?? promptTokens;
      completionTokens = count(chunk.usage.completion_tokens) ?? completionTokens;
    }
  };
  try {
    scope.touch(idleTimeoutMs);
    for await (const bytes of readChunks(body, scope.signal)) {
      scope.touch(idleTimeoutMs);
      buffer += decoder.decode(bytes, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0 && !done) {
        handle(buffer.slice(0, newline).replace(/\r$/, ''));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
      if (done) break;
    }
    buffer += decoder.decode();
    if (!done && buffer.trim()) handle(buffer.trim());
    if (!done && !finished) throw new LlmError('LLM stream ended early: no [DONE] and no finish_reason', 'protocol');
    emit(thoughts.end());
  } catch (err) {
    if (err instanceof CallerFault) throw err.error;
    const reason = scope.reason;
    if (reason) throw reason;
    if (err instanceof LlmError) throw err;
    throw new LlmError(`LLM stream broke: ${describeError(err)}`, 'network', { cause: err });
  }
  if (!content.trim()) throw new LlmError('LLM reply was empty', 'empty');
  return { content, promptTokens, completionTokens };
}

/**
 * A service that ignores `stream` answers one JSON completion; read that too, under the same
 * limits, and hand its content (thoughts cut out) to `onDelta` as one piece.
 */
export async function readCompletion(
  body: ReadableStream<Uint8Array>,
  request: LlmChatRequest,
  scope: CallScope,
  idleTimeoutMs: number,
): Promise<LlmChatResult> {
  scope.touch(idleTimeoutMs);
  const completion = parseCompletion(await readBody(body, scope, () => scope.touch(idleTimeoutMs)));
  const content = stripThink(completion.content);
  if (!content.trim()) throw new LlmError('LLM reply was empty', 'empty');
  request.onDelta?.(content);
  return { ...completion, content };
}
