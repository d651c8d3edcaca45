import {
  DONE,
  delta,
  finish,
  raw,
  recordingSleep,
  type ScriptedPeer,
  scriptedPeers,
  stall,
  status,
  stream,
  trickle,
} from '@agent-console/server/test/fixtures/scripted-peer';
import { describe, expect, it } from 'vitest';
import type { LlmChatRequest, LlmError } from './chat-llm';
import { CircuitBreaker } from './circuit-breaker';
import { createOpenAiChat, type OpenAiChatConfig } from './openai-chat';

const start = scriptedPeers();

/** A client of `p` that never really waits on a backoff; limits small enough for a test. */
function client(p: ScriptedPeer, config: Partial<OpenAiChatConfig> = {}) {
  return createOpenAiChat({ baseUrl: p.url, model: 'm', ...recordingSleep(), ...config });
}

/** Asks, collecting the pieces; resolves with the result or the LlmError. */
async function ask(chat: ReturnType<typeof client>, request: Partial<LlmChatRequest> = {}) {
  const pieces: string[] = [];
  const settled = await chat
    .chat({ messages: [{ role: 'user', content: 'Hi' }], onDelta: (p) => pieces.push(p), ...request })
    .then(
      (result) => ({ result, error: null }),
      (error: LlmError) => ({ result: null, error }),
    );
  return { ...settled, pieces };
}

describe('the streamed OpenAI client against a misbehaving provider', () => {
  it('retries a 429 with Retry-After, then streams the answer', async () => {
    const p = await start((hit) => (hit === 0 ? status(429, 'busy', { 'retry-after': '1' }) : stream(['Hel', 'lo.'])));
    const { sleep, delays } = recordingSleep();
    const { result, pieces } = await ask(client(p, { sleep }));
    expect(result?.content).toBe('Hello.');
    expect(pieces).toEqual(['Hel', 'lo.']);
    expect(delays).toEqual([1_000]);
    expect(p.hits()).toBe(2);
  });

  it('retries a 500, then streams the answer', async () => {
    const p = await start((hit) => (hit === 0 ? status(500) : stream(['Fine.'])));
    const { result } = await ask(client(p));
    expect(result?.content).toBe('Fine.');
    expect(p.hits()).toBe(2);
  });

  it('gives up on a provider that answers 500 forever, after the bounded attempts', async () => {
    const p = await start(() => status(500, 'down'));
    const { error } = await ask(client(p, { retry: { attempts: 3 } }));
    expect(error).toMatchObject({ name: 'LlmError', kind: 'http', status: 500 });
    expect(p.hits()).toBe(3);
  });

  it('ends a stall before the first byte at the connect limit, and hangs up', async () => {
    const p = await start(() => stall);
    const { error } = await ask(client(p, { connectTimeoutMs: 200, retry: { attempts: 2 } }));
    expect(error).toMatchObject({ kind: 'timeout' });
    // Counted as the server reads them: an attempt already given up on may be read after the call failed.
    await p.until(() => p.hits() === 2 && p.dropped() === 2);
  });

  it('ends a stall after the first token at the idle limit, without a retry (a token was shown)', async () => {
    const p = await start(() => raw([delta('Delivery takes')], 'stall'));
    const { error, pieces } = await ask(client(p, { idleTimeoutMs: 200 }));
    expect(error).toMatchObject({ kind: 'idle' });
    expect(pieces).toEqual(['Delivery takes']);
    expect(p.hits()).toBe(1);
    await p.until(() => p.dropped() === 1);
  });

  it('ends a reply that trickles on forever at the whole-reply limit', async () => {
    const p = await start(() => trickle(20));
    const { error } = await ask(client(p, { timeoutMs: 400, idleTimeoutMs: 5_000 }));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(error?.message).toMatch(/took too long/);
    await p.until(() => p.dropped() === 1);
  });

  it('fails a stream that ends without [DONE] or a finish_reason as protocol', async () => {
    const p = await start(() => raw([delta('Half an ans')], 'end'));
    const { error, pieces } = await ask(client(p));
    expect(error).toMatchObject({ kind: 'protocol' });
    expect(error?.message).toMatch(/ended early/);
    expect(pieces).toEqual(['Half an ans']);
  });

  it('accepts a stream that ends after a finish_reason without [DONE]', async () => {
    const p = await start(() => raw([delta('All '), delta('there.'), finish()], 'end'));
    const { result } = await ask(client(p));
    expect(result?.content).toBe('All there.');
  });

  it('fails an event that is not JSON as protocol', async () => {
    const p = await start(() => raw([delta('Hi'), 'data: {"choices": [\n\n', DONE], 'end'));
    const { error } = await ask(client(p));
    expect(error).toMatchObject({ kind: 'protocol' });
  });

  it('reports an error event inside the stream, and a connection that breaks', async () => {
    const p = await start((hit) =>
      hit === 0
        ? raw([delta('Hi'), 'data: {"error":{"message":"overloaded"}}\n\n'], 'end')
        : raw([delta('Hi')], 'break'),
    );
    const chat = client(p);
    expect((await ask(chat)).error).toMatchObject({ kind: 'http', message: expect.stringMatching(/overloaded/) });
    expect((await ask(chat)).error).toMatchObject({ kind: 'network' });
    expect(p.hits()).toBe(2);
  });

  it('cuts <think> blocks split across chunks out of the pieces and the content', async () => {
    const p = await start(() =>
      raw([delta('<thi'), delta('nk>The user asks about del'), delta('ivery.</th'), delta('ink>\n\nTwo days.'), DONE]),
    );
    const { result, pieces } = await ask(client(p));
    expect(result?.content).toBe('Two days.');
    expect(pieces.join('')).toBe('Two days.');
    expect(pieces.join('')).not.toMatch(/think|user asks/i);
  });

  it('fails a reply that was only thoughts as empty', async () => {
    const p = await start(() => stream(['<think>hmm, no idea</think>', '\n']));
    expect((await ask(client(p))).error).toMatchObject({ kind: 'empty' });
  });

  it('ends as aborted when the caller hangs up mid-stream; the breaker does not count it', async () => {
    const p = await start(() => raw([delta('Deli')], 'stall'));
    const chat = client(p, { breaker: { failureThreshold: 1 } });
    const caller = new AbortController();
    const { error } = await ask(chat, { signal: caller.signal, onDelta: () => caller.abort() });
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(chat.breaker.state()).toEqual({ state: 'closed', failures: 0, openedAt: null });
    await p.until(() => p.dropped() === 1);
  });

  it('ends as aborted when the caller hangs up before the provider answers', async () => {
    const p = await start(() => stall);
    const chat = client(p);
    const caller = new AbortController();
    const pending = ask(chat, { signal: caller.signal });
    await p.until(() => p.hits() === 1);
    caller.abort();
    expect((await pending).error).toMatchObject({ kind: 'aborted' });
    await p.until(() => p.dropped() === 1);
    expect(p.hits()).toBe(1);
  });
});

describe('the streamed OpenAI client’s circuit breaker', () => {
  it('opens after N failed calls and then fails fast without contacting the provider', async () => {
    const p = await start(() => status(503));
    const chat = client(p, { retry: { attempts: 1 }, breaker: { failureThreshold: 3 } });
    for (let i = 0; i < 3; i++) expect((await ask(chat)).error).toMatchObject({ kind: 'http' });
    expect(chat.breaker.state()).toMatchObject({ state: 'open', failures: 3 });
    expect((await ask(chat)).error).toMatchObject({ kind: 'breaker' });
    expect(p.hits()).toBe(3);
  });

  it('lets one trial through after the cool-down and closes when it succeeds', async () => {
    let now = 0;
    let healthy = false;
    const p = await start(() => (healthy ? stream(['Back.']) : status(500)));
    const breaker = new CircuitBreaker({ failureThreshold: 2, coolDownMs: 30_000, now: () => now });
    const chat = client(p, { retry: { attempts: 1 }, breaker });
    await ask(chat);
    await ask(chat);
    expect((await ask(chat)).error).toMatchObject({ kind: 'breaker' });
    expect(p.hits()).toBe(2);
    now += 30_000;
    expect(breaker.state().state).toBe('halfOpen');
    healthy = true;
    expect((await ask(chat)).result?.content).toBe('Back.');
    expect(breaker.state()).toEqual({ state: 'closed', failures: 0, openedAt: null });
    expect(p.hits()).toBe(3);
  });

  it('opens again when the half-open trial fails', async () => {
    let now = 0;
    const p = await start(() => status(502));
    const chat = client(p, {
      retry: { attempts: 1 },
      breaker: new CircuitBreaker({ failureThreshold: 1, coolDownMs: 100, now: () => now }),
    });
    await ask(chat);
    now += 100;
    expect((await ask(chat)).error).toMatchObject({ kind: 'http', status: 502 });
    expect(chat.breaker.state()).toEqual({ state: 'open', failures: 2, openedAt: 100 });
    expect((await ask(chat)).error).toMatchObject({ kind: 'breaker' });
    expect(p.hits()).toBe(2);
  });
});
