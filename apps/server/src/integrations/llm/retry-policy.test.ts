import { describe, expect, it } from 'vitest';
import { backoffDelay, isRetryableStatus, parseRetryAfter, retryPolicy } from './retry-policy';

describe('the retry policy', () => {
  it('retries rate limits and server or gateway trouble, not the request’s own faults', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 413, 422, 501].some(isRetryableStatus)).toBe(false);
  });

  it('backs off exponentially with full jitter, capped', () => {
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 350 });
    expect(backoffDelay(1, policy, () => 0.5)).toBe(50);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(100);
    expect(backoffDelay(3, policy, () => 0.999)).toBe(349);
    expect(backoffDelay(9, policy, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date, capped, and ignores nonsense', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('2', 10_000, now)).toBe(2_000);
    expect(parseRetryAfter('0.5', 10_000, now)).toBe(500);
    expect(parseRetryAfter('3600', 10_000, now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:03 GMT', 10_000, now)).toBe(3_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', 10_000, now)).toBe(0);
    expect(parseRetryAfter('soon', 10_000, now)).toBeNull();
    expect(parseRetryAfter(null, 10_000, now)).toBeNull();
  });

  it('always allows at least one attempt', () => {
    expect(retryPolicy({ attempts: 0 }).attempts).toBe(1);
  });
});
