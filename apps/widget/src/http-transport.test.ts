import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WIDGET_CHAT_PATH, WIDGET_REPLIES_PATH, WIDGET_START_PATH } from '@agent-console/contracts/widget-protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpTransport, type VisitorStorage, visitorStorageKey } from './http-transport';
import { WidgetError } from './transport';

const KEY = 'wk_test';

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

type Handler = (request: Received, response: ServerResponse) => void | Promise<void>;

let server: Server;
let base: string;
let received: Received[];
let onStart: Handler;
let onChat: Handler;

function memoryStorage(): VisitorStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function refuse(response: ServerResponse, status: number, code: string, headers: Record<string, string> = {}): void {
  json(
    response,
    status,
    { error: { message: `refused: ${code}`, type: 'invalid_request_error', code, param: null } },
    headers,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the stream in pieces that split events and lines, with pauses between. */
async function stream(response: ServerResponse, pieces: string[]): Promise<void> {
  response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
  for (const piece of pieces) {
    response.write(piece);
    await sleep(5);
  }
  response.end();
}

function startBody(visitor: string) {
  return {
    name: 'Acme help',
    welcome: ['Hello!'],
    visitor,
    turns: [{ question: 'q', answer: 'a', sources: [{ kind: 'qa', title: 'Opening hours' }], needsPerson: true }],
    replies: [{ id: 7, text: 'A person here', afterTurn: 1 }],
  };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : {};
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const entry: Received = {
      path: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: await readBody(request),
    };
    received.push(entry);
    if (entry.path === WIDGET_START_PATH) await onStart(entry, response);
    else if (entry.path === WIDGET_CHAT_PATH) await onChat(entry, response);
    else if (entry.path === WIDGET_REPLIES_PATH) {
      const after = Number(entry.body.after ?? 0);
      json(response, 200, {
        replies: [
          { id: 7, text: 'A person here', afterTurn: 1 },
          { id: 9, text: 'Still there?', afterTurn: 1 },
          { id: 'x', text: 'malformed' },
        ].filter((r) => typeof r.id !== 'number' || r.id > after),
      });
    } else json(response, 404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  let next = 0;
  onStart = (request, response) => {
    const visitor = typeof request.body.visitor === 'string' ? request.body.visitor : `v${++next}`;
    json(response, 200, startBody(visitor));
  };
  onChat = (_request, response) =>
    stream(response, [
      'event: delta\ndata: {"text":"Hi"}\n\nevent: done\ndata: {"sources":[],"needsPerson":false}\n\n',
    ]);
});

function hooks(deltas: string[] = [], signal = new AbortController().signal) {
  return { onDelta: (text: string) => void deltas.push(text), signal };
}

describe('createHttpTransport', () => {
  it('starts with the key as a bearer token, keeps the visitor token and sends it on the next start', async () => {
    const storage = memoryStorage();
    const first = await createHttpTransport(base, KEY, storage).start();
    expect(first).toEqual(startBody('v1'));
    expect(received[0]).toMatchObject({ authorization: `Bearer ${KEY}`, contentType: 'application/json', body: {} });
    expect(storage.items.get(visitorStorageKey(KEY))).toBe('v1');
    expect(visitorStorageKey(KEY)).toBe('agent-console-widget:wk_test');

    const again = await createHttpTransport(base, KEY, storage).start();
    expect(again.visitor).toBe('v1');
    expect(received[1]?.body).toEqual({ visitor: 'v1' });
  });

  it('asks for people’s replies after the last one it has, with the visitor’s token; nothing before a start', async () => {
    const transport = createHttpTransport(base, KEY, memoryStorage());
    expect(await transport.replies?.(0)).toEqual([]);
    expect(received).toEqual([]);
    await transport.start();
    expect(await transport.replies?.(7)).toEqual([{ id: 9, text: 'Still there?', afterTurn: 1 }]);
    expect(received.at(-1)).toMatchObject({ path: WIDGET_REPLIES_PATH, body: { visitor: 'v1', after: 7 } });
  });

  it('keeps the token in memory when storage is missing or throws', async () => {
    const throwing: VisitorStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    for (const storage of [throwing, null]) {
      received = [];
      onStart = (_request, response) => json(response, 200, startBody('v1'));
      const transport = createHttpTransport(base, KEY, storage);
      await transport.start();
      await transport.ask('hello', hooks());
      expect(received.map((entry) => entry.body)).toEqual([{}, { visitor: 'v1', message: 'hello' }]);
    }
  });

  it('streams the answer pieces in order and returns its sources', async () => {
    onChat = (_request, response) =>
      stream(response, [
        'event: delta\ndata: {"text":"Our shop "}\n\nevent: del',
        'ta\r\ndata: {"text":"opens at "}\r\n\r\nevent: delta\ndata: {"text":"9\\nam',
        ' 你好"}\n\n',
        'event: done\ndata: {"sources":[{"kind":"qa","title":"Opening hours"},{"kind":"document","title":"Guide.pdf"}],',
        '"needsPerson":true}\n\n',
      ]);
    const transport = createHttpTransport(base, KEY, memoryStorage());
    await transport.start();
    const deltas: string[] = [];
    const done = await transport.ask('When do you open?', hooks(deltas));
    expect(deltas).toEqual(['Our shop ', 'opens at ', '9\nam 你好']);
    expect(done).toEqual({
      sources: [
        { kind: 'qa', title: 'Opening hours' },
        { kind: 'document', title: 'Guide.pdf' },
      ],
      needsPerson: true,
    });
    expect(received[1]).toMatchObject({
      path: WIDGET_CHAT_PATH,
      authorization: `Bearer ${KEY}`,
      body: { visitor: 'v1', message: 'When do you open?' },
    });
  });

  it('turns a stream error, a stream cut short and a non-stream answer into server_error', async () => {
    const transport = createHttpTransport(base, KEY, memoryStorage());
    await transport.start();
    const deltas: string[] = [];
    onChat = (_request, response) =>
      stream(response, [
        'event: delta\ndata: {"text":"Par"}\n\n',
        'event: error\ndata: {"code":"server_error","message":"model down"}\n\n',
      ]);
    await expect(transport.ask('x', hooks(deltas))).rejects.toMatchObject({
      code: 'server_error',
      message: 'model down',
    });
    expect(deltas).toEqual(['Par']);

    onChat = (_request, response) => stream(response, ['event: delta\ndata: {"text":"Par"}\n\n']);
    await expect(transport.ask('x', hooks())).rejects.toMatchObject({ code: 'server_error' });

    onChat = (_request, response) => json(response, 200, { hello: 1 });
    await expect(transport.ask('x', hooks())).rejects.toMatchObject({ code: 'server_error' });

    onChat = (_request, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<h1>Bad gateway</h1>');
    };
    await expect(transport.ask('x', hooks())).rejects.toMatchObject({ code: 'server_error' });
  });

  it('gives rate_limited with the seconds of Retry-After, else 60', async () => {
    const transport = createHttpTransport(base, KEY, memoryStorage());
    await transport.start();
    onChat = (_request, response) => refuse(response, 429, 'rate_limited', { 'Retry-After': '17' });
    const error = await transport.ask('x', hooks()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WidgetError);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 17 });

    onChat = (_request, response) => refuse(response, 429, 'rate_limited');
    await expect(transport.ask('x', hooks())).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: 60 });

    onStart = (_request, response) => refuse(response, 429, 'rate_limited', { 'Retry-After': '5' });
    await expect(createHttpTransport(base, KEY, memoryStorage()).start()).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 5,
    });
  });

  it('passes the other refusals on by their code', async () => {
    for (const [status, code] of [
      [401, 'invalid_widget_key'],
      [403, 'origin_not_allowed'],
      [402, 'insufficient_quota'],
      [400, 'invalid_message'],
    ] as const) {
      onStart = (_request, response) => refuse(response, status, code);
      await expect(createHttpTransport(base, KEY, memoryStorage()).start()).rejects.toMatchObject({ code });
    }
    onStart = (_request, response) => refuse(response, 400, 'something_new');
    await expect(createHttpTransport(base, KEY, memoryStorage()).start()).rejects.toMatchObject({
      code: 'server_error',
    });
  });

  it('on invalid_visitor starts afresh once, without the old token, and asks once more', async () => {
    const storage = memoryStorage();
    storage.setItem(visitorStorageKey(KEY), 'stale');
    onStart = (request, response) =>
      json(response, 200, startBody(typeof request.body.visitor === 'string' ? request.body.visitor : 'fresh'));
    onChat = (request, response) =>
      request.body.visitor === 'fresh'
        ? stream(response, [
            'event: delta\ndata: {"text":"ok"}\n\nevent: done\ndata: {"sources":[],"needsPerson":false}\n\n',
          ])
        : refuse(response, 401, 'invalid_visitor');
    const transport = createHttpTransport(base, KEY, storage);
    expect((await transport.start()).visitor).toBe('stale');
    const deltas: string[] = [];
    await expect(transport.ask('again?', hooks(deltas))).resolves.toEqual({ sources: [], needsPerson: false });
    expect(deltas).toEqual(['ok']);
    expect(received.map((entry) => [entry.path, entry.body])).toEqual([
      [WIDGET_START_PATH, { visitor: 'stale' }],
      [WIDGET_CHAT_PATH, { visitor: 'stale', message: 'again?' }],
      [WIDGET_START_PATH, {}],
      [WIDGET_CHAT_PATH, { visitor: 'fresh', message: 'again?' }],
    ]);
    expect(storage.items.get(visitorStorageKey(KEY))).toBe('fresh');
  });

  it('retries invalid_visitor only once', async () => {
    const transport = createHttpTransport(base, KEY, memoryStorage());
    await transport.start();
    onChat = (_request, response) => refuse(response, 401, 'invalid_visitor');
    await expect(transport.ask('x', hooks())).rejects.toMatchObject({ code: 'invalid_visitor' });
    expect(received.map((entry) => entry.path)).toEqual([
      WIDGET_START_PATH,
      WIDGET_CHAT_PATH,
      WIDGET_START_PATH,
      WIDGET_CHAT_PATH,
    ]);
  });

  it('gives network when the app cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const transport = createHttpTransport(`http://127.0.0.1:${port}`, KEY, memoryStorage());
    await expect(transport.start()).rejects.toMatchObject({ code: 'network' });
  });

  it('gives network when the stream breaks off, and stops when aborted', async () => {
    const transport = createHttpTransport(base, KEY, memoryStorage());
    await transport.start();
    onChat = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write('event: delta\ndata: {"text":"a"}\n\n');
      setTimeout(() => response.destroy(), 20);
    };
    await expect(transport.ask('x', hooks())).rejects.toMatchObject({ code: 'network' });

    onChat = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write('event: delta\ndata: {"text":"a"}\n\n');
    };
    const controller = new AbortController();
    const asking = transport.ask('x', hooks([], controller.signal));
    setTimeout(() => controller.abort(), 30);
    const error = await asking.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(WidgetError);
    expect((error as Error).name).toBe('AbortError');
  });
});
