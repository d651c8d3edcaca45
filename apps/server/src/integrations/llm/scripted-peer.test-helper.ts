import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, vi } from 'vitest';

/** What the peer does with one request: answer, stream, stall, or break. */
export type Step = (res: ServerResponse, req: IncomingMessage) => void;

export interface ScriptedPeer {
  /** The base URL, as `LLM_BASE_URL` would be (`…/v1`). */
  url: string;
  /** Requests to the peer's path received so far. */
  hits(): number;
  /** Their bodies, parsed. */
  bodies(): unknown[];
  /** Their headers. */
  headers(): IncomingHttpHeaders[];
  /** Responses whose connection closed before the peer finished them: the client hung up. */
  dropped(): number;
  /** Waits (polling, not a fixed sleep) until `check` holds. */
  until(check: () => boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 (port 0) speaking an OpenAI protocol at `path` (chat completions,
 * or embeddings), with faults scripted per request: `script(n, body)` says what the n-th request
 * (0-based) gets. The client under test calls it with the real `fetch`, so sockets, aborts and
 * stalls are the real thing.
 */
export async function startScriptedPeer(
  script: (hit: number, body: unknown) => Step,
  path = '/chat/completions',
): Promise<ScriptedPeer> {
  let hits = 0;
  let dropped = 0;
  const bodies: unknown[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!req.url?.endsWith(path)) {
        res.writeHead(404).end();
        return;
      }
      const hit = hits++;
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      bodies.push(body);
      headers.push(req.headers);
      res.on('close', () => {
        if (!res.writableEnded) dropped++;
      });
      script(hit, body)(res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    hits: () => hits,
    bodies: () => bodies,
    headers: () => headers,
    dropped: () => dropped,
    until: (check) =>
      vi.waitFor(
        () => {
          if (!check()) throw new Error('not yet');
        },
        { timeout: 10_000, interval: 10 },
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A `data:` event carrying a piece of the reply. */
export const delta = (content: string) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** The event that ends a choice. */
export const finish = (reason = 'stop') =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: reason }] })}\n\n`;

export const DONE = 'data: [DONE]\n\n';

/** Answers this status (with headers and body) at once. */
export const status =
  (code: number, body = '{"error":{"message":"scripted"}}', headers: Record<string, string> = {}): Step =>
  (res) => {
    res.writeHead(code, { 'content-type': 'application/json', ...headers }).end(body);
  };

/** A complete SSE stream of these pieces, then a finish_reason and `[DONE]`. */
export const stream =
  (pieces: string[]): Step =>
  (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const piece of pieces) res.write(delta(piece));
    res.end(`${finish()}${DONE}`);
  };

/** Writes these raw SSE texts one by one, then ends (`end`), stays open forever or breaks the connection. */
export const raw =
  (parts: string[], then: 'end' | 'stall' | 'break' = 'end'): Step =>
  (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const part of parts) res.write(part);
    if (then === 'end') res.end();
    // Broken only once what was written is on the wire: the client must see it before the break.
    else if (then === 'break') res.write('', () => res.destroy());
  };

/** A non-streamed JSON completion. */
export const completion =
  (content: string): Step =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  };

/** Never answers: no status, no headers. */
export const stall: Step = () => {};

/** Sends the headers, then a comment every `everyMs` forever: never idle, never finished. */
export const trickle =
  (everyMs: number): Step =>
  (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(delta('Still '));
    const timer = setInterval(() => res.write(': keep-alive\n\n'), everyMs);
    res.on('close', () => clearInterval(timer));
  };

/** A `sleep` that waits for nothing and records what it was asked to wait. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
    },
  };
}

/** Starts scripted peers for the tests of a file; each is closed when its test ends. */
export function scriptedPeers(
  path = '/chat/completions',
): (script: (hit: number, body: unknown) => Step) => Promise<ScriptedPeer> {
  const open: ScriptedPeer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((peer) => peer.close()));
  });
  return async (script) => {
    const peer = await startScriptedPeer(script, path);
    open.push(peer);
    return peer;
  };
}
