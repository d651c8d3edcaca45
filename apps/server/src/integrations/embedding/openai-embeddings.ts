import { CallScope } from '../llm/call-scope';
import { LlmError } from '../llm/chat-llm';
import { readBody } from '../llm/completion';
import { breakerOf, jsonPost, type OpenAiEndpointConfig } from '../llm/openai-endpoint';
import { callProvider, type ProviderCallOptions } from '../llm/provider-call';
import { type EmbeddingClient, embeddingKey } from './embedding-client';

export interface OpenAiEmbeddingsConfig extends OpenAiEndpointConfig {
  /**
   * Asks the model for vectors of this length (models that support shortening, e.g.
   * text-embedding-3-*); every answer is checked against it. Absent: the model's own length.
   */
  dimensions?: number | undefined;
  /** The whole call, retries included. Default 60 s: a large batch on a busy CPU server is slow. */
  timeoutMs?: number | undefined;
  /** Longest wait for the response headers, per attempt. Default 30 s: they come only once every vector is computed. */
  connectTimeoutMs?: number | undefined;
}

export const EMBEDDINGS_TIMEOUT_MS = 60_000;
export const EMBEDDINGS_CONNECT_TIMEOUT_MS = 30_000;

/** `…/v1` + `/embeddings`, whether or not the base URL ends with a slash. */
export function embeddingsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/embeddings`;
}

/**
 * An OpenAI-compatible embeddings endpoint (OpenAI, vLLM, Ollama, llama.cpp, TEI…). Calls go
 * through `callProvider` (retries, connect limit) under a whole-call limit and this client's
 * circuit breaker. The answer is checked in full before anything is returned: a vector stored
 * under the wrong text, or of the wrong length, would silently spoil search results for good.
 */
export function createOpenAiEmbeddings(config: OpenAiEmbeddingsConfig): EmbeddingClient {
  const { dimensions } = config;
  if (dimensions !== undefined && !(Number.isInteger(dimensions) && dimensions > 0)) {
    throw new RangeError(`Embedding dimensions must be a positive integer, not ${dimensions}`);
  }
  const url = embeddingsUrl(config.baseUrl);
  const breaker = breakerOf(config.breaker);
  const callOptions: ProviderCallOptions = {
    ...config,
    connectTimeoutMs: config.connectTimeoutMs ?? EMBEDDINGS_CONNECT_TIMEOUT_MS,
  };

  const call = async (texts: readonly string[], signal: AbortSignal | undefined): Promise<Float32Array[]> => {
    const scope = new CallScope({
      callerSignal: signal,
      timeoutMs: config.timeoutMs ?? EMBEDDINGS_TIMEOUT_MS,
      timeoutMessage: 'Embeddings took too long',
    });
    try {
      const init = jsonPost(config, {
        model: config.model,
        input: texts,
        encoding_format: 'float',
        ...(dimensions ? { dimensions } : {}),
      });
      const res = await callProvider(url, init, scope, callOptions);
      const text = await readBody(res.body as ReadableStream<Uint8Array>, scope);
      return parseEmbeddings(text, texts.length, dimensions).map((vector, index) => unitLength(vector, index));
    } finally {
      scope.dispose();
    }
  };

  return {
    key: embeddingKey(config.model, dimensions),
    model: config.model,
    breaker,
    async embed(texts, signal) {
      // Nothing to ask: no call, so an open breaker or a down provider does not fail an empty batch.
      if (texts.length === 0) return [];
      return breaker.run(() => call(texts, signal));
    },
  };
}

/**
 * The vectors of an embeddings answer, in input order. Providers may list `data` in any order
 * (`index` says whose vector it is), so order comes from `index` alone, and every index must be
 * there exactly once.
 */
export function parseEmbeddings(text: string, count: number, dimensions?: number): number[][] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new LlmError('Embeddings answer is not JSON', 'protocol');
  }
  const data = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data)) throw new LlmError('Embeddings answer has no data list', 'protocol');
  if (data.length !== count) {
    throw new LlmError(`Embeddings answer has ${data.length} vectors for ${count} texts`, 'protocol');
  }
  const vectors: (number[] | undefined)[] = new Array(count).fill(undefined);
  let length: number | null = dimensions ?? null;
  for (const item of data) {
    const index = isRecord(item) ? item.index : undefined;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count) {
      throw new LlmError(`Embeddings answer has an item without a valid index (${String(index)})`, 'protocol');
    }
    if (vectors[index]) throw new LlmError(`Embeddings answer has index ${index} twice`, 'protocol');
    const embedding = isRecord(item) ? item.embedding : undefined;
    if (!isNumberList(embedding) || embedding.length === 0) {
      throw new LlmError(`Embeddings answer has no list of finite numbers at index ${index}`, 'protocol');
    }
    length ??= embedding.length;
    if (embedding.length !== length) {
      throw new LlmError(
        `Embeddings answer has a vector of ${embedding.length} numbers at index ${index}, expected ${length}`,
        'protocol',
      );
    }
    vectors[index] = embedding;
  }
  // Count and uniqueness above leave no gap; the check keeps the type honest.
  return vectors.map((vector, index) => {
    if (!vector) throw new LlmError(`Embeddings answer has no vector for index ${index}`, 'protocol');
    return vector;
  });
}

/**
 * The vector scaled to length 1, so that a dot product is the cosine. Scaled by its largest
 * component first, so squaring very large or very small numbers cannot overflow or vanish.
 */
export function unitLength(vector: readonly number[], index = 0): Float32Array {
  let largest = 0;
  for (const x of vector) largest = Math.max(largest, Math.abs(x));
  if (largest === 0) throw new LlmError(`Embeddings answer has a zero vector at index ${index}`, 'protocol');
  let sum = 0;
  for (const x of vector) sum += (x / largest) ** 2;
  const norm = Math.sqrt(sum);
  return Float32Array.from(vector, (x) => x / largest / norm);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isNumberList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((x) => typeof x === 'number' && Number.isFinite(x));
}
