import type { EmbeddingClient, EmbeddingEnv } from './embedding-client';
import { createOpenAiEmbeddings } from './openai-embeddings';

export { type EmbeddingClient, type EmbeddingEnv, embeddingKey } from './embedding-client';
export {
  createOpenAiEmbeddings,
  EMBEDDINGS_CONNECT_TIMEOUT_MS,
  EMBEDDINGS_TIMEOUT_MS,
  embeddingsUrl,
  type OpenAiEmbeddingsConfig,
} from './openai-embeddings';

/**
 * The embedding client, or null when no model or no endpoint is configured. Most deployments run embeddings on
 * the same OpenAI-compatible service as the chat model, so the LLM's URL and key are the defaults.
 */
export function createEmbeddingClient(env: EmbeddingEnv): EmbeddingClient | null {
  const baseUrl = env.EMBEDDING_BASE_URL ?? env.LLM_BASE_URL;
  if (!baseUrl || !env.EMBEDDING_MODEL) return null;
  return createOpenAiEmbeddings({
    baseUrl,
    apiKey: env.EMBEDDING_API_KEY ?? env.LLM_API_KEY,
    model: env.EMBEDDING_MODEL,
    dimensions: env.EMBEDDING_DIMENSIONS,
  });
}
