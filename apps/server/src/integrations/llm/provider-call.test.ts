import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failureOf } from '@agent-console/server/test/fixtures/rejection';
import {
  completion,
  recordingSleep,
  scriptedPeers,
  stall,
  status,
} from '@agent-console/server/test/fixtures/scripted-peer';
import { describe, expect, it } from 'vitest';
import { CallScope } from './call-scope';
import type { LlmError } from './chat-llm';
import { callProvider, type ProviderCallOptions } from './provider-call';

const start = scriptedPeers();

/** One call through the helper; resolves with the body text, or rejects with the LlmError. */
async function call(url: string, options: ProviderCallOptions & { signal?: AbortSignal; timeoutMs?: number } = {}) {
  const scope = new CallScope({
    callerSignal: options.signal,
    timeoutMs: options.timeoutMs ?? 10_000,
    timeoutMessage: 'took too long',
  });
  try {
    const res = await callProvider(`${url}/chat/completions`, { method: 'POST', body: '{}' }, scope, options);
    return await res.text();
  } finally {
    scope.dispose();
  }
}

const failure = (promise: Promise<unknown>) => failureOf<LlmError>(promise);

describe('the provider call helper', () => {
  it('retries a 429 after the Retry-After the provider asked for', async () => {
    const p = await start((hit) => (hit === 0 ? status(429, 'slow down', { 'retry-after': '2' }) : completion('hi')));
    const { sleep, delays } = recordingSleep();
    await expect(call(p.url, { sleep })).resolves.toContain('hi');
    expect(delays).toEqual([2_000]);
    expect(p.hits()).toBe(2);
  });

  it('caps a Retry-After that is too long', async () => {
    const p = await start((hit) => (hit === 0 ? status(503, '', { 'retry-after': '3600' }) : completion('hi')));
    const { sleep, delays } = recordingSleep();
    await call(p.url, { sleep, retry: { maxRetryAfterMs: 1_234 } });
    expect(delays).toEqual([1_234]);
  });

  it('retries a 500 after a jittered backoff', async () => {
    const p = await start((hit) => (hit === 0 ? status(500) : completion('hi')));
    const { sleep, delays } = recordingSleep();
    await expect(call(p.url, { sleep, random: () => 0.25, retry: { baseDelayMs: 400 } })).resolves.toContain('hi');
    expect(delays).toEqual([100]);
    expect(p.hits()).toBe(2);
  });

  it('gives up after the bounded attempts with kind http, the status and the provider’s words', async () => {
    const p = await start(() => status(500, 'boom'));
    const { sleep, delays } = recordingSleep();
    const err = await failure(call(p.url, { sleep, random: () => 1, retry: { attempts: 3, baseDelayMs: 100 } }));
    expect(err).toMatchObject({ name: 'LlmError', kind: 'http', status: 500 });
    expect(err.message).toMatch(/HTTP 500: boom \(after 3 attempts\)/);
    expect(p.hits()).toBe(3);
    expect(delays).toEqual([100, 200]);
  });

  it('does not retry what would fail again (a 401)', async () => {
    const p = await start(() => status(401, 'bad key'));
    const err = await failure(call(p.url, recordingSleep()));
    expect(err).toMatchObject({ kind: 'http', status: 401 });
    expect(p.hits()).toBe(1);
  });

  it('stops retrying when the waits would pass their total budget', async () => {
    const p = await start(() => status(429, '', { 'retry-after': '4' }));
    const { sleep, delays } = recordingSleep();
    const err = await failure(call(p.url, { sleep, retry: { attempts: 5, maxTotalWaitMs: 10_000 } }));
    expect(err).toMatchObject({ kind: 'http', status: 429 });
    expect(delays).toEqual([4_000, 4_000]);
    expect(p.hits()).toBe(3);
  });

  it('ends an attempt that gets no response within the connect limit, hangs up and retries it', async () => {
    const p = await start(() => stall);
    const err = await failure(call(p.url, { connectTimeoutMs: 200, ...recordingSleep() }));
    expect(err).toMatchObject({ kind: 'timeout' });
    // Every stalled attempt's connection was closed by the client: nobody waits past the limit.
    // Counted as the server reads them: on a loaded machine an attempt the client has already
    // given up on may reach the server's handler after the call has failed.
    await p.until(() => p.hits() === 3 && p.dropped() === 3);
  });

  it('retries an unreachable provider and then reports kind network', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { sleep, delays } = recordingSleep();
    const err = await failure(call(`http://127.0.0.1:${port}`, { sleep }));
    expect(err).toMatchObject({ kind: 'network' });
    expect(err.message).toMatch(/unreachable.*ECONNREFUSED/);
    expect(delays).toHaveLength(2);
  });

  it('ends at once as aborted when the caller goes away, without retrying', async () => {
    const p = await start(() => stall);
    const caller = new AbortController();
    const pending = failure(call(p.url, { signal: caller.signal, ...recordingSleep() }));
    await p.until(() => p.hits() === 1);
    caller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
    await p.until(() => p.dropped() === 1);
    expect(p.hits()).toBe(1);
  });

  it('ends a backoff wait at once when the caller goes away', async () => {
    const p = await start(() => status(503));
    const caller = new AbortController();
    // The real sleep: only the abort can end a 60 s wait in this test.
    const pending = failure(
      call(p.url, {
        signal: caller.signal,
        timeoutMs: 120_000,
        random: () => 1,
        retry: { baseDelayMs: 60_000, maxDelayMs: 60_000, maxTotalWaitMs: 60_000 },
      }),
    );
    await p.until(() => p.hits() === 1);
    caller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
    expect(p.hits()).toBe(1);
  });

  it('does not call at all when the caller has already gone', async () => {
    const p = await start(() => completion('hi'));
    const err = await failure(call(p.url, { signal: AbortSignal.abort() }));
    expect(err).toMatchObject({ kind: 'aborted' });
    expect(p.hits()).toBe(0);
  });

  it('honours the limits even with a fetch that ignores its signal', async () => {
    const deaf: typeof fetch = () => new Promise<Response>(() => {});
    const err = await failure(
      call('http://llm.invalid', { fetchImpl: deaf, connectTimeoutMs: 50, ...recordingSleep() }),
    );
    expect(err).toMatchObject({ kind: 'timeout' });
  });
});
