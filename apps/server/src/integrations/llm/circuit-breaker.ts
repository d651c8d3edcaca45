import { LlmError } from './chat-llm';

export interface BreakerState {
  state: 'closed' | 'open' | 'halfOpen';
  /** Failed calls in a row (reset by a success). */
  failures: number;
  /** When the breaker last opened (the clock's milliseconds); null while closed. */
  openedAt: number | null;
}

/** What Home and metrics may read of a breaker. */
export interface BreakerView {
  state(): BreakerState;
}

export interface CircuitBreakerOptions {
  /** Failed calls in a row that open the breaker. Default 5. */
  failureThreshold?: number;
  /** How long an open breaker fails calls at once before letting one trial through. Default 30 s. */
  coolDownMs?: number;
  /** The clock, in milliseconds; tests pass their own. Default `Date.now`. */
  now?: () => number;
}

export const BREAKER_DEFAULTS = { failureThreshold: 5, coolDownMs: 30_000 } as const;

/**
 * Stops calling a provider that keeps failing. While it is down every call would otherwise wait
 * out its retries and time limits (up to minutes) before the built-in answerer steps in; an open
 * breaker fails at once instead, so customers get the fallback answer without the wait and the
 * provider gets room to recover. After the cool-down one trial call goes through (half-open): a
 * success closes the breaker, a failure opens it for another cool-down.
 *
 * A caller hanging up (`aborted`) says nothing about the provider and is not counted; neither are
 * errors that are not `LlmError`s (the caller's own code failing inside `onDelta`, say).
 */
export class CircuitBreaker implements BreakerView {
  private readonly threshold: number;
  private readonly coolDownMs: number;
  private readonly now: () => number;
  private failures = 0;
  private openedAt: number | null = null;
  /** A half-open trial is under way: the others keep failing fast until it ends. */
  private trialRunning = false;

  constructor(options: CircuitBreakerOptions = {}) {
    this.threshold = Math.max(1, options.failureThreshold ?? BREAKER_DEFAULTS.failureThreshold);
    this.coolDownMs = Math.max(0, options.coolDownMs ?? BREAKER_DEFAULTS.coolDownMs);
    this.now = options.now ?? Date.now;
  }

  state(): BreakerState {
    const state =
      this.openedAt === null ? 'closed' : this.now() - this.openedAt < this.coolDownMs ? 'open' : 'halfOpen';
    return { state, failures: this.failures, openedAt: this.openedAt };
  }

  /** Runs `call` unless the breaker is open (or a half-open trial is already running). */
  async run<T>(call: () => Promise<T>): Promise<T> {
    const { state } = this.state();
    if (state === 'open' || (state === 'halfOpen' && this.trialRunning)) throw this.refusal();
    const trial = state === 'halfOpen';
    if (trial) this.trialRunning = true;
    try {
      const result = await call();
      this.failures = 0;
      this.openedAt = null;
      return result;
    } catch (err) {
      if (countsAsFailure(err)) {
        this.failures += 1;
        // A failed trial opens it again at once; otherwise the threshold decides.
        if (trial || this.failures >= this.threshold) this.openedAt = this.now();
      }
      throw err;
    } finally {
      if (trial) this.trialRunning = false;
    }
  }

  private refusal(): LlmError {
    const waitMs = this.openedAt === null ? 0 : Math.max(0, this.openedAt + this.coolDownMs - this.now());
    return new LlmError(
      `LLM provider paused after ${this.failures} failures in a row; next try in ${Math.ceil(waitMs / 1000)} s`,
      'breaker',
    );
  }
}

function countsAsFailure(err: unknown): boolean {
  return err instanceof LlmError && err.kind !== 'aborted' && err.kind !== 'breaker';
}
