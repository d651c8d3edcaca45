import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, vi } from 'vitest';
import type { Step } from '../llm/scripted-peer.test-helper';

export { recordingSleep, type Step, stall, status } from '../llm/scripted-peer.test-helper';

export interface EmbeddingPeer {
  /** The base URL, as `EMBEDDING_BASE_URL` would be (`…/v1`). */
  url: string;
  /** `/embeddings` requests received so far. */
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
 * A real HTTP server on 127.0.0.1 (port 0) answering OpenAI `/embeddings` requests as scripted:
 * `script(n, body)` says what the n-th request (0-based) gets. (The chat peer of `../llm` answers
 * only `/chat/completions`.)
 */
async function startEmbeddingPeer(script: (hit: number, body: unknown) => Step): Promise<EmbeddingPeer> {
  let hits = 0;
  let dropped = 0;
  const bodies: unknown[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/embeddings')) {
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

/** Starts embedding peers for the tests of a file; each is closed when its test ends. */
export function embeddingPeers(): (script: (hit: number, body: unknown) => Step) => Promise<EmbeddingPeer> {
  const open: EmbeddingPeer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((peer) => peer.close()));
  });
  return async (script) => {
    const peer = await startEmbeddingPeer(script);
    open.push(peer);
    return peer;
  };
}

/**
 * A successful embeddings answer with these vectors (vector i for input i), listed in `order`
 * (default: input order) to show the client reads `index`, not the position.
 */
export const vectors =
  (list: number[][], order: number[] = list.map((_, i) => i)): Step =>
  (res) => {
    const data = order.map((index) => ({ object: 'embedding', index, embedding: list[index] }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data, model: 'm', usage: { prompt_tokens: 1, total_tokens: 1 } }));
  };

/** The base URL of a port nothing listens on: bound, then closed, so a connection is refused. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
