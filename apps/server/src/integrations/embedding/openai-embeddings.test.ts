import {
  deadUrl,
  type EmbeddingPeer,
  embeddingPeers,
  recordingSleep,
  type Step,
  stall,
  status,
  vectors,
} from '@agent-console/server/test/fixtures/embedding-peer';
import { failureOf } from '@agent-console/server/test/fixtures/rejection';
import { describe, expect, it } from 'vitest';
import type { LlmError } from '../llm/chat-llm';
import { createOpenAiEmbeddings, embeddingsUrl, type OpenAiEmbeddingsConfig } from './openai-embeddings';

const start = embeddingPeers();

/** A client of `p` whose backoff never really waits. */
const client = (p: EmbeddingPeer | string, config: Partial<OpenAiEmbeddingsConfig> = {}) =>
  createOpenAiEmbeddings({ baseUrl: typeof p === 'string' ? p : p.url, model: 'e', ...recordingSleep(), ...config });

/** The LlmError a call ends with. */
const failure = (promise: Promise<unknown>) => failureOf<LlmError>(promise);

const lengthOf = (v: Float32Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));

const answer = (body: unknown): Step => status(200, JSON.stringify(body));

describe('the OpenAI embeddings client', () => {
  it('returns unit-length vectors in input order, whatever order the answer lists them in', async () => {
    const p = await start(() =>
      vectors(
        [
          [3, 4],
          [0, -2],
          [1, 1],
        ],
        [2, 0, 1],
      ),
    );
    const result = await client(`${p.url}/`).embed(['a', 'b', 'c']);
    expect(result.map((v) => [...v])).toEqual([
      [expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)],
      [0, -1],
      [expect.closeTo(Math.SQRT1_2, 6), expect.closeTo(Math.SQRT1_2, 6)],
    ]);
    for (const v of result) expect(lengthOf(v)).toBeCloseTo(1, 6);
    expect(p.bodies()).toEqual([{ model: 'e', input: ['a', 'b', 'c'], encoding_format: 'float' }]);
  });

  it('asks for the configured dimensions and refuses a vector of another length', async () => {
    const p = await start((hit) => vectors(hit === 0 ? [[1, 2, 2]] : [[1, 2]]));
    const c = client(p, { dimensions: 3 });
    expect(c.key).toBe('e@3');
    expect((await c.embed(['a'])).map((v) => [...v])).toEqual([
      [expect.closeTo(1 / 3, 6), expect.closeTo(2 / 3, 6), expect.closeTo(2 / 3, 6)],
    ]);
    expect(p.bodies()[0]).toMatchObject({ dimensions: 3 });
    const err = await failure(c.embed(['a']));
    expect(err).toMatchObject({
      name: 'LlmError',
      kind: 'protocol',
      message: expect.stringMatching(/2 numbers.*expected 3/),
    });
    expect(client(p).key).toBe('e@native');
  });

  it('sends the API key as a Bearer token, and no authorization without one', async () => {
    const p = await start(() => vectors([[1]]));
    await client(p, { apiKey: 'sk-test' }).embed(['a']);
    await client(p).embed(['a']);
    expect(p.headers().map((h) => h.authorization)).toEqual(['Bearer sk-test', undefined]);
  });

  it('makes no call for no texts', async () => {
    const p = await start(() => vectors([[1]]));
    await expect(client(p).embed([])).resolves.toEqual([]);
    expect(p.hits()).toBe(0);
  });

  it('retries a 429 after the Retry-After wait, then succeeds', async () => {
    const p = await start((hit) => (hit === 0 ? status(429, 'slow down', { 'retry-after': '1' }) : vectors([[1, 0]])));
    const { sleep, delays } = recordingSleep();
    await expect(client(p, { sleep }).embed(['a'])).resolves.toHaveLength(1);
    expect(delays).toEqual([1_000]);
    expect(p.hits()).toBe(2);
  });

  it('retries a 500, then succeeds', async () => {
    const p = await start((hit) => (hit === 0 ? status(500, 'oops') : vectors([[0, 1]])));
    await expect(client(p).embed(['a'])).resolves.toHaveLength(1);
    expect(p.hits()).toBe(2);
  });

  it('fails an answer that is not JSON as protocol', async () => {
    const p = await start(() => status(200, '<html>gateway</html>', { 'content-type': 'text/html' }));
    const err = await failure(client(p).embed(['a']));
    expect(err).toMatchObject({ name: 'LlmError', kind: 'protocol', message: 'Embeddings answer is not JSON' });
  });

  it.each([
    ['no data list', { object: 'list' }, /no data list/],
    ['too few vectors', { data: [{ index: 0, embedding: [1] }] }, /1 vectors for 2 texts/],
    [
      'an index twice',
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 0, embedding: [1] },
        ],
      },
      /index 0 twice/,
    ],
    [
      'an index out of range',
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 2, embedding: [1] },
        ],
      },
      /valid index/,
    ],
    ['no index', { data: [{ embedding: [1] }, { index: 1, embedding: [1] }] }, /valid index/],
    [
      'an empty vector',
      {
        data: [
          { index: 0, embedding: [] },
          { index: 1, embedding: [1] },
        ],
      },
      /finite numbers at index 0/,
    ],
    [
      'a non-number',
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 1, embedding: [null] },
        ],
      },
      /finite numbers at index 1/,
    ],
    [
      'lengths that differ',
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 1, embedding: [1, 2] },
        ],
      },
      /expected 1/,
    ],
    [
      'a zero vector',
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 1, embedding: [0] },
        ],
      },
      /zero vector at index 1/,
    ],
  ])('refuses an answer with %s', async (_, body, message) => {
    const p = await start(() => answer(body));
    const err = await failure(client(p).embed(['a', 'b']));
    expect(err).toMatchObject({ name: 'LlmError', kind: 'protocol', message: expect.stringMatching(message) });
  });

  it('fails on a provider that is down, after the bounded attempts', async () => {
    const { sleep, delays } = recordingSleep();
    const err = await failure(client(await deadUrl(), { sleep, retry: { attempts: 3 } }).embed(['a']));
    expect(err).toMatchObject({
      name: 'LlmError',
      kind: 'network',
      message: expect.stringMatching(/after 3 attempts/),
    });
    expect(delays).toHaveLength(2);
  });

  it('ends a stall before the headers at the connect limit, and hangs up', async () => {
    const p = await start(() => stall);
    const err = await failure(client(p, { connectTimeoutMs: 300, retry: { attempts: 2 } }).embed(['a']));
    expect(err).toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/within 0\.3 s \(after 2 attempts\)/),
    });
    await p.until(() => p.dropped() === 2);
  });

  it('ends the call when the caller goes away', async () => {
    const p = await start(() => stall);
    const caller = new AbortController();
    const call = failure(client(p).embed(['a'], caller.signal));
    await p.until(() => p.hits() === 1);
    caller.abort();
    expect(await call).toMatchObject({ kind: 'aborted' });
    await p.until(() => p.dropped() === 1);
  });

  it('opens its breaker after repeated failures, then fails at once without calling', async () => {
    const p = await start(() => status(502));
    const c = client(p, { retry: { attempts: 1 }, breaker: { failureThreshold: 2 } });
    await expect(c.embed(['a'])).rejects.toMatchObject({ kind: 'http', status: 502 });
    await expect(c.embed(['a'])).rejects.toMatchObject({ kind: 'http', status: 502 });
    await expect(c.embed(['a'])).rejects.toMatchObject({ kind: 'breaker' });
    expect(c.breaker.state()).toMatchObject({ state: 'open', failures: 2 });
    expect(p.hits()).toBe(2);
  });

  it('refuses dimensions that are not a positive integer', () => {
    expect(() => client('http://127.0.0.1:9/v1', { dimensions: 0 })).toThrow(RangeError);
    expect(() => client('http://127.0.0.1:9/v1', { dimensions: 1.5 })).toThrow(RangeError);
  });

  it('builds the endpoint URL with or without a trailing slash', () => {
    expect(embeddingsUrl('http://h/v1')).toBe('http://h/v1/embeddings');
    expect(embeddingsUrl('http://h/v1//')).toBe('http://h/v1/embeddings');
  });
});
