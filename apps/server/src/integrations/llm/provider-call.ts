import { abortableSleep, raceAbort } from './abortable';
import type { CallScope } from './call-scope';
import { seconds } from './call-scope';
import { LlmError } from './chat-llm';
import { backoffDelay, isRetryableStatus, parseRetryAfter, type RetryPolicy, retryPolicy } from './retry-policy';

/** How a provider is called; shared by the chat and miner clients (and later embeddings). */
export interface ProviderCallOptions {
  fetchImpl?: typeof fetch;
  /**
   * Longest wait for the response's status and headers, per attempt. Default 15 s. A stall here
   * is retried: nothing of the reply was read yet.
   */
  connectTimeoutMs?: number;
  /** Overrides of the retry policy (`RETRY_DEFAULTS`: 3 attempts, 500 ms base backoff…). */
  retry?: Partial<RetryPolicy>;
  /** The backoff wait; tests pass one that records the delay and returns at once. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The jitter's randomness, 0 ≤ x < 1. Default `Math.random`. */
  random?: () => number;
  /** The clock `Retry-After` dates are read against. Default `Date.now`. */
  now?: () => number;
}

export const CONNECT_TIMEOUT_MS = 15_000;

/** What one attempt came to: a response to read, or a failure that may be worth another try. */
type Attempt = { response: Response } | { error: LlmError; retryable: boolean; retryAfterMs: number | null };

/**
 * Sends `init` to `url` and returns the first successful response, its body not yet read.
 *
 * Retries (429, 500/502/503/504, network errors, the connect limit) happen only here, before the
 * caller has read a byte of a successful body; once a response is returned nothing is ever sent
 * again, so a streamed token is never shown twice. The waits are exponential with full jitter, a
 * `Retry-After` (capped) replaces the backoff, and all waits of one call stay under the policy's
 * total. The scope's abort (the caller going away, the whole-call limit) ends everything at once,
 * without a retry. Whatever fails is thrown as an `LlmError` with its `kind`.
 *
 * The returned response stays tied to the scope: aborting the scope (idle or whole-call limit)
 * aborts the body being read and closes the connection.
 */
export async function callProvider(
  url: string,
  init: Omit<RequestInit, 'signal'>,
  scope: CallScope,
  options: ProviderCallOptions = {},
): Promise<Response> {
  const policy = retryPolicy(options.retry);
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    scope.check();
    const outcome = await attemptOnce(url, init, scope, options, policy, now);
    if ('response' in outcome) return outcome.response;
    scope.check();
    const { error } = outcome;
    const giveUp = (): never => {
      throw attempt > 1
        ? new LlmError(`${error.message} (after ${attempt} attempts)`, error.kind, {
            ...(error.status !== null ? { status: error.status } : {}),
            cause: error.cause,
          })
        : error;
    };
    if (!outcome.retryable || attempt >= policy.attempts) giveUp();
    const delay = outcome.retryAfterMs ?? backoffDelay(attempt, policy, random);
    // A wait past the total budget or past the whole-call limit would only end in a timeout:
    // better to report the provider's own error now.
    if (waited + delay > policy.maxTotalWaitMs || delay >= scope.remainingMs()) giveUp();
    waited += delay;
    try {
      await sleep(delay, scope.signal);
    } catch (err) {
      scope.check();
      throw err;
    }
  }
}

async function attemptOnce(
  url: string,
  init: Omit<RequestInit, 'signal'>,
  scope: CallScope,
  options: ProviderCallOptions,
  policy: RetryPolicy,
  now: () => number,
): Promise<Attempt> {
  const doFetch = options.fetchImpl ?? fetch;
  const connectMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  // Its own controller per attempt: the connect limit ends this attempt only, the scope ends all.
  const attempt = new AbortController();
  const onScopeAbort = () => attempt.abort(scope.signal.reason);
  if (scope.signal.aborted) onScopeAbort();
  else scope.signal.addEventListener('abort', onScopeAbort, { once: true });
  // Held in a variable and cleared in `finally`, so it always fires while the attempt waits.
  const connectTimer = setTimeout(
    () => attempt.abort(new LlmError(`LLM did not answer within ${seconds(connectMs)} s`, 'timeout')),
    connectMs,
  );
  // A successful response stays tied to the scope while its body is read; anything else is done.
  let handedOver = false;
  try {
    const response = await raceAbort(doFetch(url, { ...init, signal: attempt.signal }), attempt.signal, (late) => {
      late.body?.cancel().catch(() => {});
    });
    if (response.ok && response.body) {
      handedOver = true;
      return { response };
    }
    // An error answer: its few bytes tell what went wrong; read them under the same limit.
    const detail = (await raceAbort(response.text(), attempt.signal).catch(() => '')).trim().slice(0, 200);
    const retryable = isRetryableStatus(response.status);
    return {
      error: new LlmError(`LLM answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`, 'http', {
        status: response.status,
      }),
      retryable,
      retryAfterMs: retryable
        ? parseRetryAfter(response.headers.get('retry-after'), policy.maxRetryAfterMs, now())
        : null,
    };
  } catch (err) {
    if (attempt.signal.aborted) {
      const reason = attempt.signal.reason as LlmError;
      // The connect limit is worth another try; the scope's own abort is not.
      return { error: reason, retryable: reason.kind === 'timeout' && !scope.signal.aborted, retryAfterMs: null };
    }
    return {
      error: new LlmError(`LLM unreachable: ${describeError(err)}`, 'network', { cause: err }),
      retryable: true,
      retryAfterMs: null,
    };
  } finally {
    clearTimeout(connectTimer);
    if (!handedOver) scope.signal.removeEventListener('abort', onScopeAbort);
  }
}

/** "fetch failed (ECONNREFUSED)": undici hides the useful part in `cause`. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return detail && !err.message.includes(detail) ? `${err.message} (${detail})` : err.message;
}
