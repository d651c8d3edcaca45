/**
 * When and how long to wait before calling a provider again. Pure functions: the waiting itself
 * is done by `provider-call.ts` through an injectable `sleep`, so tests never wait for real.
 */
export interface RetryPolicy {
  /** Calls in all, the first included. Default 3. */
  attempts: number;
  /** The backoff before the second call is up to this; it doubles per call. Default 500 ms. */
  baseDelayMs: number;
  /** No single backoff is longer than this. Default 4 s. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is cut to it, so a provider cannot park a caller. Default 10 s. */
  maxRetryAfterMs: number;
  /** All waits of one call together; a retry that would pass it is not made. Default 15 s. */
  maxTotalWaitMs: number;
}

export const RETRY_DEFAULTS: Readonly<RetryPolicy> = {
  attempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 10_000,
  maxTotalWaitMs: 15_000,
};

export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...RETRY_DEFAULTS, ...overrides };
  return { ...policy, attempts: Math.max(1, Math.floor(policy.attempts)) };
}

/**
 * Statuses worth another try: rate limited, or a server or gateway in trouble. Other 4xx are the
 * request's fault (bad key, unknown model, too long) and would fail again.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/**
 * Exponential backoff with full jitter: a random wait between 0 and base·2^(n-1), so callers that
 * failed together (a provider restart) do not come back together. `retry` is 1 before the second call.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(Math.min(1, Math.max(0, random())) * ceiling);
}

/**
 * The wait a `Retry-After` header asks for (RFC 9110 §10.2.3: delay-seconds or an HTTP date), in
 * milliseconds, capped at `maxMs`; null when absent or unreadable (the backoff applies then).
 */
export function parseRetryAfter(header: string | null, maxMs: number, now: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (!value) return null;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(value)) {
    ms = Number(value) * 1000;
  } else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return null;
    ms = at - now;
  }
  return Math.min(maxMs, Math.max(0, Math.ceil(ms)));
}
