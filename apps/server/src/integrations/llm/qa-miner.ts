import type { LlmErrorKind } from './chat-llm';
import type { BreakerView } from './circuit-breaker';

/** A fragment of a document handed to a miner. */
export interface MinerInput {
  heading: string | null;
  content: string;
}

export interface MinedQa {
  question: string;
  answer: string;
}

/**
 * Turns a fragment into question/answer pairs. The built-in local miner is the default; an
 * OpenAI-compatible LLM is used when configured. Both answer the same shape.
 */
export interface QaMiner {
  readonly name: 'local' | 'openai';
  mine(input: MinerInput): Promise<MinedQa[]>;
  /** The provider's circuit breaker, for Home and metrics to show; the local miner has none. */
  readonly breaker?: BreakerView;
}

/** A failure of the mining service, with a reason fit to show on the document's row. */
export class MinerError extends Error {
  /** The LLM fault behind it (see `LlmError`), when it came from the LLM service. */
  readonly kind: LlmErrorKind | null;

  constructor(message: string, kind: LlmErrorKind | null = null, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}
