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
  /** Each piece of the reply as it arrives. */
  onDelta?: (piece: string) => void;
  signal?: AbortSignal;
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
}

/** A failure of the LLM service, worded for the log and the caller. */
export class LlmError extends Error {
  override readonly name = 'LlmError';
}
