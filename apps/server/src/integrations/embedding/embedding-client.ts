import type { CircuitBreaker } from '../llm/circuit-breaker';

/**
 * Turns texts into vectors for semantic search. One implementation today (an OpenAI-compatible
 * `/embeddings` endpoint); callers hold `EmbeddingClient | null`, null meaning no search by meaning.
 */
export interface EmbeddingClient {
  /** "<model>@<dimensions or 'native'>": stored beside each vector; a change of it means re-embed. */
  readonly key: string;
  readonly model: string;
  readonly breaker: CircuitBreaker;
  /** One vector per text, in the texts' order, each scaled to unit length (so dot product = cosine). Throws LlmError (kind tells why). */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/**
 * The settings an embedding client is made from; the endpoint and key fall back to the LLM's.
 * Without a model there is no client: a console that only has a chat model does not start calling
 * an embedding model its provider may not serve.
 */
export interface EmbeddingEnv {
  EMBEDDING_BASE_URL?: string | undefined;
  EMBEDDING_API_KEY?: string | undefined;
  EMBEDDING_MODEL?: string | undefined;
  EMBEDDING_DIMENSIONS?: number | undefined;
  LLM_BASE_URL?: string | undefined;
  LLM_API_KEY?: string | undefined;
}

/** The vector space a client's vectors live in: vectors of two different keys must not be compared. */
export function embeddingKey(model: string, dimensions?: number): string {
  return `${model}@${dimensions ?? 'native'}`;
}
