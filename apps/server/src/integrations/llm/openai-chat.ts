import { CallScope } from './call-scope';
import type { ChatLlm, LlmChatRequest, LlmChatResult } from './chat-llm';
import { readChatStream, readCompletion } from './chat-stream';
import type { CircuitBreaker } from './circuit-breaker';
import { breakerOf, chatCompletionsUrl, jsonPost, type OpenAiEndpointConfig } from './openai-endpoint';
import { callProvider } from './provider-call';

export interface OpenAiChatConfig extends OpenAiEndpointConfig {
  /**
   * Longest wait for the whole reply, retries included; a stuck service must not hold a
   * conversation forever. Default 120 s.
   */
  timeoutMs?: number;
  /** Longest silence between two chunks of the stream (and before the first). Default 30 s. */
  idleTimeoutMs?: number;
}

export const CHAT_TIMEOUT_MS = 120_000;
export const CHAT_IDLE_TIMEOUT_MS = 30_000;

/** The OpenAI-compatible chat client, with the breaker it calls through. */
export interface OpenAiChat extends ChatLlm {
  readonly breaker: CircuitBreaker;
}

/**
 * An OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama, gateways), streamed as
 * server-sent events. Usage is asked for with `stream_options.include_usage`; services that do
 * not report it leave the token counts null.
 *
 * Calls go through `callProvider` (retries before the first byte, connect limit) and this
 * client's circuit breaker; every failure is an `LlmError` whose `kind` names the fault, and a
 * caller's abort (`request.signal`) ends as kind `aborted`.
 */
export function createOpenAiChat(config: OpenAiChatConfig): OpenAiChat {
  const url = chatCompletionsUrl(config.baseUrl);
  const breaker = breakerOf(config.breaker);
  const idleTimeoutMs = config.idleTimeoutMs ?? CHAT_IDLE_TIMEOUT_MS;
  const once = async (request: LlmChatRequest): Promise<LlmChatResult> => {
    const scope = new CallScope({
      callerSignal: request.signal,
      timeoutMs: config.timeoutMs ?? CHAT_TIMEOUT_MS,
      timeoutMessage: 'LLM reply took too long',
    });
    try {
      const init = jsonPost(
        config,
        {
          model: request.model || config.model,
          messages: request.messages,
          stream: true,
          stream_options: { include_usage: true },
          ...(request.temperature != null ? { temperature: request.temperature } : {}),
          ...(request.maxTokens != null ? { max_tokens: request.maxTokens } : {}),
          ...(request.stop?.length ? { stop: request.stop } : {}),
          ...(request.responseFormat ? { response_format: request.responseFormat } : {}),
        },
        'text/event-stream',
      );
      const res = await callProvider(url, init, scope, config);
      const body = res.body as ReadableStream<Uint8Array>;
      if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
        return await readCompletion(body, request, scope, idleTimeoutMs);
      }
      return await readChatStream(body, request, scope, idleTimeoutMs);
    } finally {
      scope.dispose();
    }
  };
  return {
    model: config.model,
    breaker,
    chat: (request) => breaker.run(() => once(request)),
  };
}
