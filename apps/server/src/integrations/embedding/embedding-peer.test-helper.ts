import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ScriptedPeer, type Step, scriptedPeers } from '../llm/scripted-peer.test-helper';

export { recordingSleep, type Step, stall, status } from '../llm/scripted-peer.test-helper';

/** A scripted peer at `/embeddings`; its `url` is the base URL, as `EMBEDDING_BASE_URL` would be (`…/v1`). */
export type EmbeddingPeer = ScriptedPeer;

/**
 * Starts embedding peers for the tests of a file, each a real HTTP server on 127.0.0.1 answering
 * `/embeddings` as scripted (`script(n, body)`), closed when its test ends.
 */
export function embeddingPeers(): (script: (hit: number, body: unknown) => Step) => Promise<EmbeddingPeer> {
  return scriptedPeers('/embeddings');
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
