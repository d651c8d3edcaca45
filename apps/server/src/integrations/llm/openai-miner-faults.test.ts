import { failureOf } from '@agent-console/server/test/fixtures/rejection';
import {
  completion,
  recordingSleep,
  type ScriptedPeer,
  scriptedPeers,
  stall,
  status,
} from '@agent-console/server/test/fixtures/scripted-peer';
import { describe, expect, it } from 'vitest';
import { createOpenAiMiner, type OpenAiConfig } from './openai-miner';
import { MinerError } from './qa-miner';

const start = scriptedPeers();

const miner = (p: ScriptedPeer, config: Partial<OpenAiConfig> = {}) =>
  createOpenAiMiner({ baseUrl: p.url, model: 'm', ...recordingSleep(), ...config });

const fragment = { heading: 'Delivery', content: 'Delivery takes two days.' };

/** The MinerError a call ends with. */
const failure = (promise: Promise<unknown>) => failureOf<MinerError>(promise);

describe('the OpenAI miner against a misbehaving provider', () => {
  it('retries a 503 and reads the pairs without the model’s <think> block', async () => {
    const answer = '<think>\nQ: is this a pair?\nA: no, a thought.\n</think>\n\nQ: How long is delivery?\nA: Two days.';
    const p = await start((hit) => (hit === 0 ? status(503, 'busy') : completion(answer)));
    const { sleep, delays } = recordingSleep();
    await expect(miner(p, { sleep, random: () => 0 }).mine(fragment)).resolves.toEqual([
      { question: 'How long is delivery?', answer: 'Two days.' },
    ]);
    expect(delays).toEqual([0]);
    expect(p.hits()).toBe(2);
  });

  it('reads NONE behind a <think> block as nothing to extract', async () => {
    const p = await start(() => completion('<think>nothing here</think>\nNONE'));
    await expect(miner(p).mine(fragment)).resolves.toEqual([]);
  });

  it('fails with a MinerError carrying the kind, after the bounded attempts', async () => {
    const p = await start(() => status(500, 'down'));
    const err = await failure(miner(p, { retry: { attempts: 2 } }).mine(fragment));
    expect(err).toBeInstanceOf(MinerError);
    expect(err).toMatchObject({ kind: 'http', message: expect.stringMatching(/HTTP 500: down/) });
    expect(p.hits()).toBe(2);
  });

  it('ends a stall before the answer at the connect limit, and hangs up', async () => {
    const p = await start(() => stall);
    const err = await failure(miner(p, { connectTimeoutMs: 200, retry: { attempts: 2 } }).mine(fragment));
    expect(err).toMatchObject({ kind: 'timeout' });
    await p.until(() => p.dropped() === 2);
  });

  it('ends a body that never finishes at the whole-call limit', async () => {
    const p = await start(() => (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices":[{"message":{"content":"Q: ');
    });
    // Long enough for the answer's first bytes to arrive first, on a loaded machine too: a limit
    // of 300 ms once ended the call before the provider had read the request, which tested the
    // connect stall instead of the body's (the provider had counted no request).
    const err = await failure(miner(p, { timeoutMs: 3_000 }).mine(fragment));
    expect(err).toMatchObject({ kind: 'timeout' });
    await p.until(() => p.hits() > 0);
    expect(p.hits()).toBe(1);
    await p.until(() => p.dropped() === 1);
  });

  it('fails a body that is not a completion as protocol', async () => {
    const p = await start(() => status(200, '<html>gateway</html>', { 'content-type': 'text/html' }));
    await expect(miner(p).mine(fragment)).rejects.toMatchObject({ kind: 'protocol' });
  });

  it('has a breaker that opens after repeated failures and then fails without calling', async () => {
    const p = await start(() => status(502));
    const m = miner(p, { retry: { attempts: 1 }, breaker: { failureThreshold: 2 } });
    await expect(m.mine(fragment)).rejects.toMatchObject({ kind: 'http' });
    await expect(m.mine(fragment)).rejects.toMatchObject({ kind: 'http' });
    await expect(m.mine(fragment)).rejects.toMatchObject({ kind: 'breaker' });
    expect(m.breaker.state()).toMatchObject({ state: 'open', failures: 2 });
    expect(p.hits()).toBe(2);
  });
});
