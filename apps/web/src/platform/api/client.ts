import { SUCCESS_CODE } from '@agent-console/contracts';
import i18n from '../i18n';
import { cookies } from '../lib/cookies';
import { logError } from '../log/log-store';
import { feedback } from './feedback';

/** A failed call: `code` is the server's (A0301, A0400, ...) or `HTTP<status>` when there was no envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
    readonly status = 0,
  ) {
    super(message);
  }
}

/** Called when the server says the session is gone (A0301); the session store installs it. */
let onSessionExpired: (() => void) | undefined;
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Don't toast or log this failure: the caller shows it in place (form errors). */
  silent?: boolean;
  signal?: AbortSignal;
}

/**
 * The single way the web talks to the API (SPEC §7–§8): bearer token from the token cookie,
 * Accept-Language from the language cookie, no timeout, and the envelope rule.
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers = apiHeaders();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return networkFailure(url, options);
  }
  return settle<T>(response, url, options);
}

/** The headers of every call: the bearer token from the token cookie, the language from the language cookie. */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': i18n.language || 'zh-chs' };
  const token = cookies.get('token');
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** A call that never reached the server: logged, and toasted unless silent. */
export function networkFailure(url: string, options: Pick<RequestOptions, 'silent'> = {}): never {
  return fail(new ApiError('NETWORK', i18n.t('errors:network'), null, 0), url, options);
}

/**
 * The envelope rule applied to an answer: its data on success; otherwise an ApiError, logged,
 * toasted unless silent, and a gone session (A0301) sends the user to sign in.
 */
export async function settle<T>(
  response: Response,
  url: string,
  options: Pick<RequestOptions, 'silent'> = {},
): Promise<T> {
  const payload = await readPayload(response);
  if (payload && typeof payload === 'object' && 'code' in payload) {
    const { code, message, data } = payload as { code: string; message: string; data: unknown };
    if (code === SUCCESS_CODE) return data as T;
    if (code === 'A0301') {
      const error = new ApiError(code, i18n.t('errors:authFailed'), data, response.status);
      logError(error.message, { url, code });
      feedback.error(error.message);
      onSessionExpired?.();
      throw error;
    }
    return fail(new ApiError(code, message, data, response.status), url, options);
  }
  if (!response.ok) {
    return fail(
      new ApiError(`HTTP${response.status}`, httpStatusMessage(response.status), payload, response.status),
      url,
      options,
    );
  }
  // A body without a code field is returned as is (SPEC §8).
  return payload as T;
}

function fail(error: ApiError, url: string, options: Pick<RequestOptions, 'silent'>): never {
  logError(error.message, { url, code: error.code, data: error.data });
  if (!options.silent) feedback.error(error.message, shownData(error.data));
  throw error;
}

/**
 * What of an error's data the toast shows: field errors are not repeated (the message states
 * them and forms put them under their fields; raw field names mean nothing to a person).
 */
function shownData(data: unknown): unknown {
  if (data && typeof data === 'object' && !Array.isArray(data) && 'fields' in data) {
    const { fields: _fields, ...rest } = data as Record<string, unknown>;
    return Object.keys(rest).length ? rest : undefined;
  }
  return data;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const STATUS_KEYS: Record<number, string> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  408: 'timeout',
  500: 'serverError',
  501: 'notImplemented',
  502: 'badGateway',
  503: 'unavailable',
  504: 'gatewayTimeout',
  505: 'httpVersion',
};

export function httpStatusMessage(status: number): string {
  const key = STATUS_KEYS[status];
  return key ? i18n.t(`errors:http.${key}`) : i18n.t('errors:http.other', { status });
}

export const api = {
  get: <T>(url: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(url, { ...options, method: 'GET' }),
  post: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(url, { ...options, method: 'POST', body: body ?? {} }),
};
