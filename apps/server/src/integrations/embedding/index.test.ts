import { deadUrl, embeddingPeers, vectors } from '@agent-console/server/test/fixtures/embedding-peer';
import { describe, expect, it } from 'vitest';
import { createEmbeddingClient } from './index';

const start = embeddingPeers();

describe('createEmbeddingClient', () => {
  it('is null without a base URL', () => {
    expect(createEmbeddingClient({ EMBEDDING_MODEL: 'e', EMBEDDING_API_KEY: 'k' })).toBeNull();
  });

  it('is null without a model, even with the LLM’s base URL', () => {
    expect(createEmbeddingClient({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toBeNull();
  });

  it('defaults the base URL and key to the LLM’s', async () => {
    const p = await start(() => vectors([[1, 1]]));
    const c = createEmbeddingClient({ EMBEDDING_MODEL: 'e', LLM_BASE_URL: p.url, LLM_API_KEY: 'llm-key' });
    expect(c?.key).toBe('e@native');
    await c?.embed(['a']);
    expect(p.headers()[0]?.authorization).toBe('Bearer llm-key');
    expect(p.bodies()[0]).toMatchObject({ model: 'e' });
  });

  it('prefers its own base URL, key and dimensions', async () => {
    const p = await start(() => vectors([[1, 1]]));
    const c = createEmbeddingClient({
      EMBEDDING_MODEL: 'e',
      EMBEDDING_BASE_URL: p.url,
      EMBEDDING_API_KEY: 'emb-key',
      EMBEDDING_DIMENSIONS: 2,
      LLM_BASE_URL: await deadUrl(),
      LLM_API_KEY: 'llm-key',
    });
    expect(c?.key).toBe('e@2');
    await c?.embed(['a']);
    expect(p.headers()[0]?.authorization).toBe('Bearer emb-key');
    expect(p.bodies()[0]).toMatchObject({ dimensions: 2 });
  });
});
