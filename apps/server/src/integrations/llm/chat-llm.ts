import type { BreakerView } from './circuit-breaker';

/**
 * The agent's language model (WAVE2 §15.5 step 2): an OpenAI-compatible chat-completions service
 * (`LLM_BASE_URL`), streamed. When none is configured the pipeline's built-in answerer replies
 * instead, so this interface has one implementation and callers hold `ChatLlm | null`.
 */
export interface LlmChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmChatRequest {
  messages: readonly LlmChatMessage[];
  /** The app's `llm.model`; the service's configured model when null. */
  model?: string | null;
  temperature?: number | null;
  /** Set by an app's API caller (issue 36): the longest reply, where to stop, and a JSON reply. */
  maxTokens?: number | null;
  stop?: readonly string[] | null;
  responseFormat?: LlmResponseFormat | null;
  /** Each piece of the reply as it arrives. */
  onDelta?: (piece: string) => void;
  signal?: AbortSignal;
}

/** OpenAI's `response_format`, passed on as the caller gave it. */
export interface LlmResponseFormat {
  type: 'text' | 'json_object' | 'json_schema';
  json_schema?: unknown;
}

export interface LlmChatResult {
  content: string;
  /** Token counts, when the service reports them (`stream_options.include_usage`). */
  promptTokens: number | null;
  completionTokens: number | null;
}

export interface ChatLlm {
  readonly model: string;
  chat(request: LlmChatRequest): Promise<LlmChatResult>;
  /** The provider's circuit breaker, for Home and metrics to show; absent on stand-ins. */
  readonly breaker?: BreakerView;
}

/**
 * Which fault ended a call, so callers can tell a client hang-up (`aborted`) from a provider
 * failure and log or count each apart:
 * - `timeout`: no response within the connect limit, or the whole-reply limit passed;
 * - `idle`: the stream went silent between chunks for longer than the idle limit;
 * - `http`: the service answered an error status, or an error event inside the stream;
 * - `network`: unreachable, or the connection broke;
 * - `protocol`: an answer that is not what the chat-completions protocol promises
 *   (an event that is not JSON, a stream that ended before `[DONE]` or a `finish_reason`);
 * - `aborted`: the caller's own signal aborted (the client went away); not the provider's fault;
 * - `empty`: the reply had no visible content;
 * - `breaker`: not sent at all, the provider's circuit breaker is open after repeated failures.
 */
export type LlmErrorKind = 'timeout' | 'idle' | 'http' | 'network' | 'protocol' | 'aborted' | 'empty' | 'breaker';

/** A failure of the LLM service, worded for the log and the caller, with the fault that caused it. */
export class LlmError extends Error {
  override readonly name = 'LlmError';
  readonly kind: LlmErrorKind;
  /** The HTTP status, when the service answered one (kind `http`). */
  readonly status: number | null;

  constructor(message: string, kind: LlmErrorKind = 'protocol', options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status ?? null;
  }
}
