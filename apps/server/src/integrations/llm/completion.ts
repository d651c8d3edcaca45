import { readText } from './abortable';
import type { CallScope } from './call-scope';
import { LlmError } from './chat-llm';
import { describeError } from './provider-call';

/** One non-streamed chat completion's useful parts. */
export interface Completion {
  content: string;
  promptTokens: number | null;
  completionTokens: number | null;
}

/** A token count as reported, or null when the service gave none. */
export const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * A successful response's whole body, under the scope's limits (a body that stalls is ended by
 * the scope, not waited for); a connection that breaks while it is read is a `network` fault.
 */
export async function readBody(
  body: ReadableStream<Uint8Array>,
  scope: CallScope,
  onChunk?: () => void,
): Promise<string> {
  try {
    return await readText(body, scope.signal, onChunk);
  } catch (err) {
    scope.check();
    throw new LlmError(`LLM answer broke off: ${describeError(err)}`, 'network', { cause: err });
  }
}

/** `choices[0].message.content` and the usage of a chat-completions JSON answer. */
export function parseCompletion(text: string): Completion {
  let body: {
    choices?: { message?: { content?: unknown } }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  } | null;
  try {
    body = JSON.parse(text);
  } catch {
    throw new LlmError('LLM answer is not JSON', 'protocol');
  }
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new LlmError('LLM answer has no message content', 'protocol');
  return {
    content,
    promptTokens: count(body?.usage?.prompt_tokens),
    completionTokens: count(body?.usage?.completion_tokens),
  };
}
