import { LlmError } from './chat-llm';

export interface CallScopeOptions {
  /** The caller's signal (e.g. the HTTP request's): its abort ends the call as `aborted`. */
  callerSignal?: AbortSignal | undefined;
  /** The whole call, retries and backoff included. */
  timeoutMs: number;
  /** How the whole-call timeout is worded, e.g. "LLM reply took too long". */
  timeoutMessage: string;
}

/**
 * One provider call's cancellation: the caller's hang-up, the whole-call limit and the idle limit
 * all abort one AbortController, with the `LlmError` that says which of them it was as the reason.
 *
 * The limits are real `setTimeout`s held in fields until `dispose()`. (The former code passed
 * `AbortSignal.timeout()` only into `AbortSignal.any()`, which holds its sources weakly: the
 * timeout signal could be garbage-collected and never fire, and a stalled model held a stream
 * for minutes.) Callers must `dispose()` in a `finally`, which clears the timers and unhooks
 * the caller's signal.
 */
export class CallScope {
  private readonly controller = new AbortController();
  private readonly startedAt = performance.now();
  private readonly callerSignal: AbortSignal | undefined;
  private readonly timeoutMs: number;
  private wholeTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private idleMs = 0;

  constructor(options: CallScopeOptions) {
    this.callerSignal = options.callerSignal;
    this.timeoutMs = options.timeoutMs;
    if (this.callerSignal?.aborted) {
      this.onCallerAbort();
      return;
    }
    this.callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.wholeTimer = setTimeout(
      () => this.fail(new LlmError(`${options.timeoutMessage} (over ${seconds(options.timeoutMs)} s)`, 'timeout')),
      options.timeoutMs,
    );
  }

  /** Aborted with an `LlmError` reason once any limit fires or the caller goes away. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The fault that ended the call, or null while it runs. */
  get reason(): LlmError | null {
    return this.controller.signal.aborted ? (this.controller.signal.reason as LlmError) : null;
  }

  /** Throws the fault that ended the call, if one did. */
  check(): void {
    const reason = this.reason;
    if (reason) throw reason;
  }

  /** Time left before the whole-call limit fires. */
  remainingMs(): number {
    return this.timeoutMs - (performance.now() - this.startedAt);
  }

  /**
   * Starts the idle limit, or restarts it when already running: called when the response arrives
   * and again on every chunk, so only a silence of `ms` between two chunks fires it.
   */
  touch(ms: number): void {
    if (this.idleTimer && ms === this.idleMs) {
      this.idleTimer.refresh();
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleMs = ms;
    this.idleTimer = setTimeout(
      () => this.fail(new LlmError(`LLM stream stalled: nothing arrived for ${seconds(ms)} s`, 'idle')),
      ms,
    );
  }

  fail(error: LlmError): void {
    if (!this.controller.signal.aborted) this.controller.abort(error);
  }

  dispose(): void {
    if (this.wholeTimer) clearTimeout(this.wholeTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.wholeTimer = null;
    this.idleTimer = null;
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  private readonly onCallerAbort = (): void => {
    this.fail(new LlmError('LLM call cancelled: the caller went away', 'aborted'));
  };
}

export function seconds(ms: number): string {
  return ms >= 10_000 ? String(Math.round(ms / 1000)) : String(Math.round(ms / 100) / 10);
}
