import { describe, expect, it } from 'vitest';
import { LlmError } from './chat-llm';
import { CircuitBreaker } from './circuit-breaker';

/** A breaker on a hand-moved clock, and calls that succeed or fail as told, counted. */
function setup(options: { failureThreshold?: number; coolDownMs?: number } = {}) {
  let now = 1_000;
  const breaker = new CircuitBreaker({ ...options, now: () => now });
  let calls = 0;
  const ok = () =>
    breaker.run(async () => {
      calls++;
      return 'ok';
    });
  const fail = (kind: LlmError['kind'] = 'http') =>
    breaker.run(async () => {
      calls++;
      throw new LlmError('down', kind);
    });
  return { breaker, ok, fail, calls: () => calls, advance: (ms: number) => (now += ms), now: () => now };
}

describe('the circuit breaker', () => {
  it('opens after N failures in a row and then fails at once, without calling', async () => {
    const b = setup({ failureThreshold: 3 });
    for (let i = 0; i < 3; i++) await expect(b.fail()).rejects.toMatchObject({ kind: 'http' });
    expect(b.breaker.state()).toEqual({ state: 'open', failures: 3, openedAt: b.now() });
    await expect(b.ok()).rejects.toMatchObject({ kind: 'breaker', name: 'LlmError' });
    expect(b.calls()).toBe(3);
  });

  it('is reset by a success before the threshold', async () => {
    const b = setup({ failureThreshold: 2 });
    await expect(b.fail()).rejects.toThrow();
    await b.ok();
    await expect(b.fail()).rejects.toThrow();
    expect(b.breaker.state()).toEqual({ state: 'closed', failures: 1, openedAt: null });
  });

  it('lets one trial through after the cool-down; its success closes the breaker', async () => {
    const b = setup({ failureThreshold: 1, coolDownMs: 30_000 });
    await expect(b.fail()).rejects.toThrow();
    b.advance(29_999);
    expect(b.breaker.state().state).toBe('open');
    b.advance(1);
    expect(b.breaker.state().state).toBe('halfOpen');
    let release = () => {};
    const trial = b.breaker.run(() => new Promise<string>((resolve) => (release = () => resolve('back'))));
    // While the trial runs, the others still fail fast.
    await expect(b.ok()).rejects.toMatchObject({ kind: 'breaker' });
    release();
    await expect(trial).resolves.toBe('back');
    expect(b.breaker.state()).toEqual({ state: 'closed', failures: 0, openedAt: null });
    await expect(b.ok()).resolves.toBe('ok');
  });

  it('opens again for a whole cool-down when the trial fails', async () => {
    const b = setup({ failureThreshold: 2, coolDownMs: 1_000 });
    await expect(b.fail()).rejects.toThrow();
    await expect(b.fail()).rejects.toThrow();
    b.advance(1_000);
    await expect(b.fail('timeout')).rejects.toMatchObject({ kind: 'timeout' });
    expect(b.breaker.state()).toEqual({ state: 'open', failures: 3, openedAt: b.now() });
    expect(b.calls()).toBe(3);
  });

  it('does not count a caller hanging up, nor errors of the caller’s own code', async () => {
    const b = setup({ failureThreshold: 1 });
    await expect(b.fail('aborted')).rejects.toMatchObject({ kind: 'aborted' });
    await expect(
      b.breaker.run(async () => {
        throw new TypeError('onDelta blew up');
      }),
    ).rejects.toThrow(TypeError);
    expect(b.breaker.state()).toEqual({ state: 'closed', failures: 0, openedAt: null });
  });

  it('keeps half-open after an aborted trial, so the next call is the trial', async () => {
    const b = setup({ failureThreshold: 1, coolDownMs: 10 });
    await expect(b.fail()).rejects.toThrow();
    b.advance(10);
    await expect(b.fail('aborted')).rejects.toMatchObject({ kind: 'aborted' });
    expect(b.breaker.state().state).toBe('halfOpen');
    await expect(b.ok()).resolves.toBe('ok');
    expect(b.breaker.state().state).toBe('closed');
  });
});
