import { EventStreamParser } from '@agent-console/contracts/event-stream';
import {
  WIDGET_CHAT_PATH,
  WIDGET_ERROR_CODES,
  WIDGET_REPLIES_PATH,
  WIDGET_START_PATH,
  type WidgetDone,
  type WidgetErrorCode,
  type WidgetReply,
  type WidgetSource,
  type WidgetStart,
  type WidgetTurn,
} from '@agent-console/contracts/widget-protocol';
import { type AskHooks, WidgetError, type WidgetTransport } from './transport';

/** The part of the Web Storage API the transport uses to keep the visitor's token. */
export interface VisitorStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Seconds to wait after a `rate_limited` refusal whose Retry-After cannot be read. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The storage key of a widget key's visitor token. */
export function visitorStorageKey(key: string): string {
  return `agent-console-widget:${key}`;
}

/**
 * The widget's transport on a web page: `base` is the app's origin (the script's own), `key` the
 * widget key; the visitor token is kept in `storage` (localStorage by default), and in memory
 * when that is unavailable (private modes, sandboxed frames, blocked cookies).
 */
export function createHttpTransport(base: string, key: string, storage?: VisitorStorage | null): WidgetTransport {
  const origin = base.replace(/\/+$/, '');
  const storageKey = visitorStorageKey(key);
  const store = storage === undefined ? defaultStorage() : storage;
  let visitor: string | undefined = readStored();

  function readStored(): string | undefined {
    try {
      return store?.getItem(storageKey) || undefined;
    } catch {
      return undefined;
    }
  }

  function remember(token: string | undefined): void {
    visitor = token;
    try {
      if (token) store?.setItem(storageKey, token);
      else store?.removeItem(storageKey);
    } catch {
      // Kept in memory only.
    }
  }

  async function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    try {
      return await fetch(origin + path, {
        method: 'POST',
        mode: 'cors',
        credentials: 'omit',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new WidgetError('network', error instanceof Error ? error.message : undefined);
    }
  }

  async function start(): Promise<WidgetStart> {
    const response = await post(WIDGET_START_PATH, visitor ? { visitor } : {});
    if (!response.ok) throw await refusal(response);
    const result = parseStart(await readJson(response));
    remember(result.visitor);
    return result;
  }

  async function ask(message: string, hooks: AskHooks): Promise<WidgetDone> {
    if (!visitor) await start();
    let response = await post(WIDGET_CHAT_PATH, { visitor, message }, hooks.signal);
    if (!response.ok) {
      const error = await refusal(response);
      if (error.code !== 'invalid_visitor') throw error;
      // The token is no longer valid: a new one, and the question once more.
      remember(undefined);
      await start();
      response = await post(WIDGET_CHAT_PATH, { visitor, message }, hooks.signal);
      if (!response.ok) throw await refusal(response);
    }
    return readAnswer(response, hooks);
  }

  async function replies(after: number): Promise<WidgetReply[]> {
    if (!visitor) return [];
    const response = await post(WIDGET_REPLIES_PATH, { visitor, after });
    if (!response.ok) throw await refusal(response);
    return parseReplies(((await readJson(response)) as { replies?: unknown } | null)?.replies);
  }

  return { start, ask, replies };
}

function defaultStorage(): VisitorStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new WidgetError('server_error', 'The answer is not JSON');
  }
}

/** The WidgetError of a non-2xx answer (`{"error": {"code", "message", …}}`). */
async function refusal(response: Response): Promise<WidgetError> {
  let code: string | undefined;
  let message: string | undefined;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } } | null;
    if (typeof body?.error?.code === 'string') code = body.error.code;
    if (typeof body?.error?.message === 'string') message = body.error.message;
  } catch {
    // Not the protocol's JSON (a proxy's page, say): the status decides.
  }
  if (!code && response.status === 429) code = 'rate_limited';
  if (!code || !(WIDGET_ERROR_CODES as readonly string[]).includes(code)) {
    return new WidgetError('server_error', message || `HTTP ${response.status}`);
  }
  const known = code as WidgetErrorCode;
  const retryAfter = known === 'rate_limited' ? retryAfterSeconds(response.headers.get('Retry-After')) : undefined;
  return new WidgetError(known, message, retryAfter);
}

function retryAfterSeconds(header: string | null): number {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Math.max(1, Number(value));
  const date = Date.parse(value);
  if (!Number.isNaN(date)) return Math.max(1, Math.ceil((date - Date.now()) / 1000));
  return DEFAULT_RETRY_AFTER_SECONDS;
}

/** Reads the answer's event stream up to its `done` (returned) or `error` (thrown). */
async function readAnswer(response: Response, hooks: AskHooks): Promise<WidgetDone> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body || !type.includes('text/event-stream')) {
    throw new WidgetError('server_error', 'The answer is not an event stream');
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new EventStreamParser();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (hooks.signal.aborted) throw error;
        throw new WidgetError('network', 'The answer broke off');
      }
      const events = chunk.done
        ? parser.push(decoder.decode()).concat(parser.end())
        : parser.push(decoder.decode(chunk.value, { stream: true }));
      for (const event of events) {
        const data = parseData(event.data);
        if (event.event === 'delta') {
          const text = (data as { text?: unknown } | undefined)?.text;
          if (typeof text === 'string' && text) hooks.onDelta(text);
        } else if (event.event === 'done') {
          return parseDone(data);
        } else if (event.event === 'error') {
          const message = (data as { message?: unknown } | undefined)?.message;
          throw new WidgetError('server_error', typeof message === 'string' ? message : 'The answer failed');
        }
      }
      if (chunk.done) throw new WidgetError('server_error', 'The answer ended before it was done');
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

function parseData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

function parseSources(value: unknown): WidgetSource[] {
  if (!Array.isArray(value)) return [];
  const sources: WidgetSource[] = [];
  for (const item of value) {
    const { kind, title } = (item ?? {}) as { kind?: unknown; title?: unknown };
    if (typeof title === 'string' && title) sources.push({ kind: kind === 'qa' ? 'qa' : 'document', title });
  }
  return sources;
}

function parseDone(data: unknown): WidgetDone {
  const done = (data ?? {}) as { sources?: unknown; needsPerson?: unknown };
  return { sources: parseSources(done.sources), needsPerson: done.needsPerson === true };
}

function parseStart(data: unknown): WidgetStart {
  const body = (data ?? {}) as Partial<Record<keyof WidgetStart, unknown>>;
  if (typeof body.visitor !== 'string' || !body.visitor) {
    throw new WidgetError('server_error', 'The start has no visitor');
  }
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const turns: WidgetTurn[] = [];
  for (const item of Array.isArray(body.turns) ? body.turns : []) {
    const turn = (item ?? {}) as Partial<Record<keyof WidgetTurn, unknown>>;
    if (typeof turn.question !== 'string') continue;
    turns.push({
      question: turn.question,
      answer: typeof turn.answer === 'string' ? turn.answer : '',
      sources: parseSources(turn.sources),
      needsPerson: turn.needsPerson === true,
    });
  }
  return {
    name: typeof body.name === 'string' ? body.name : '',
    welcome: strings(body.welcome),
    visitor: body.visitor,
    turns,
    replies: parseReplies(body.replies),
  };
}

/** People's replies as the server sent them; anything malformed is left out. */
function parseReplies(value: unknown): WidgetReply[] {
  const replies: WidgetReply[] = [];
  for (const item of Array.isArray(value) ? value : []) {
    const reply = (item ?? {}) as Partial<Record<keyof WidgetReply, unknown>>;
    if (typeof reply.id !== 'number' || typeof reply.text !== 'string') continue;
    replies.push({
      id: reply.id,
      text: reply.text,
      afterTurn: typeof reply.afterTurn === 'number' ? reply.afterTurn : 0,
    });
  }
  return replies;
}
