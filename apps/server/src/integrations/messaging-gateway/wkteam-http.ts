import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayError } from './gateway';
import { WKT_SEND_ENDPOINTS, WKT_SUCCESS, type WktEndpoint, type WktRequest } from './wkteam-wire';

/**
 * One HTTP call to the gateway with its own time limit and bounded retries (issue 15: the spec's
 * "no request timeout" is for the browser, not for us calling out). Retried: network errors and
 * 5xx answers, with exponential back-off and jitter. Never retried: a send whose request may have
 * reached the gateway, because a second try could deliver the message twice; a send is retried
 * only when the connection was never made.
 */
export interface WktHttpOptions {
  /** Resolved at each call: the simulator's address is known only once the console listens. */
  baseUrl: () => string | undefined;
  token: string;
  /** Time limit of one attempt, unless `timeouts` names the endpoint. */
  timeoutMs?: number;
  timeouts?: Partial<Record<WktEndpoint, number>>;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  logger?: { warn(details: object, message: string): void };
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * WKTeam's initAddressList answers only when the list is loaded, which takes a while for a large
 * address list; the other calls answer in well under a second.
 */
export const DEFAULT_TIMEOUTS: Partial<Record<WktEndpoint, number>> = {
  initAddressList: 120_000,
  getIPadLoginInfo: 30_000,
  sendFile: 60_000,
};
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 300, maxDelayMs: 3_000 };

/** No answer within the time limit (the last try timed out): the gateway may still be working on it. */
export class GatewayNoAnswer extends GatewayError {
  constructor(message: string) {
    super('unreachable', message);
    this.name = 'GatewayNoAnswer';
  }
}

/** What the gateway said: its data, or a refusal (envelope code other than 1000) with its message. */
export type WktOutcome<T> = { ok: true; data: T } | { ok: false; code: string; message: string };

/** Errors of the connect phase: the request never left, so even a send may be tried again. */
const NOT_DELIVERED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

type Attempt<T> =
  | { kind: 'answer'; outcome: WktOutcome<T> }
  | { kind: 'retryable'; delivered: boolean; timedOut?: boolean; detail: string };

export class WktHttp {
  private readonly retry: RetryPolicy;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: WktHttpOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.doFetch = options.fetch ?? fetch;
  }

  /** `attempts` overrides the retry policy for one call (a long poll is not worth repeating). */
  async call<T, E extends WktEndpoint = WktEndpoint>(
    endpoint: E,
    body: WktRequest<E>,
    options: { attempts?: number } = {},
  ): Promise<WktOutcome<T>> {
    const base = this.options.baseUrl();
    if (!base) throw new GatewayError('notReady', 'the gateway address is not known yet');
    const url = `${base.replace(/\/+$/, '')}/${endpoint}`;
    const isSend = WKT_SEND_ENDPOINTS.has(endpoint);
    const attempts = Math.max(1, options.attempts ?? this.retry.attempts);
    let last: Extract<Attempt<T>, { kind: 'retryable' }> | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const result = await this.attempt<T>(url, endpoint, body);
      if (result.kind === 'answer') return result.outcome;
      last = result;
      if (isSend && result.delivered) {
        // The gateway may have sent it: say so rather than risk sending it twice.
        throw new GatewayError(
          'unreachable',
          `${endpoint}: ${result.detail}; the message may or may not have been sent`,
        );
      }
      if (attempt < attempts) {
        this.options.logger?.warn({ endpoint, attempt, detail: result.detail }, 'gateway call failed, retrying');
        await sleep(this.backoff(attempt));
      }
    }
    const message = `${endpoint}: ${last?.detail} (after ${attempts} ${attempts === 1 ? 'try' : 'tries'})`;
    throw last?.timedOut ? new GatewayNoAnswer(message) : new GatewayError('unreachable', message);
  }

  private async attempt<T>(url: string, endpoint: WktEndpoint, body: unknown): Promise<Attempt<T>> {
    const timeoutMs = this.options.timeouts?.[endpoint] ?? DEFAULT_TIMEOUTS[endpoint] ?? this.options.timeoutMs;
    let response: Response;
    let text: string;
    try {
      response = await this.doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: this.options.token },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (err) {
      return {
        kind: 'retryable',
        delivered: !notDelivered(err),
        timedOut: isTimeout(err),
        detail: describeFailure(err),
      };
    }
    if (response.status >= 500) return { kind: 'retryable', delivered: true, detail: `HTTP ${response.status}` };
    if (response.status === 401 || response.status === 403) {
      throw new GatewayError('rejected', `${endpoint}: the gateway refused the token (HTTP ${response.status})`);
    }
    const envelope = parseEnvelope(text);
    if (!envelope) {
      const what = response.status === 404 ? 'has no such call' : `gave no gateway answer (HTTP ${response.status})`;
      throw new GatewayError('rejected', `${endpoint}: the gateway ${what}`);
    }
    if (envelope.code === WKT_SUCCESS) return { kind: 'answer', outcome: { ok: true, data: envelope.data as T } };
    return { kind: 'answer', outcome: { ok: false, code: envelope.code, message: envelope.message } };
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(ceiling * (0.5 + Math.random() * 0.5));
  }
}

function parseEnvelope(text: string): { code: string; message: string; data: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || !('code' in value)) return null;
  const { code, message, msg, data } = value as Record<string, unknown>;
  if (typeof code !== 'string' && typeof code !== 'number') return null;
  // WKTeam's documents use both `message` and `msg`.
  const said = typeof message === 'string' ? message : typeof msg === 'string' ? msg : '';
  return { code: String(code), message: said, data: data ?? null };
}

function errorCode(err: unknown): string | undefined {
  for (let current = err, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function notDelivered(err: unknown): boolean {
  const code = errorCode(err);
  return code !== undefined && NOT_DELIVERED.has(code);
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

function describeFailure(err: unknown): string {
  if (isTimeout(err)) return 'no answer in time';
  return errorCode(err) ?? (err instanceof Error ? err.message : String(err));
}
