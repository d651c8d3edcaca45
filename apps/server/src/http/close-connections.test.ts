import net from 'node:net';
import { signal } from '@agent-console/server/test/fixtures/signal';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { endConnectionsAfterGrace } from './close-connections';

describe('a closing server', () => {
  it('ends a connection that is never idle once the grace time is over', async () => {
    const app = Fastify();
    endConnectionsAfterGrace(app, 200);
    app.get('/', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    // Half a request: its headers never end, so Node never counts the connection as idle.
    const socket = net.connect(address.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await expect.poll(() => new Promise((resolve) => app.server.getConnections((_e, n) => resolve(n)))).toBe(1);
    // Without the grace this waits for Node's header time (a minute), past the test's limit.
    await app.close();
    await ended;
    expect(app.server.listening).toBe(false);
  }, 40_000);

  it('lets an answer in hand finish, then ends its connection without waiting for the grace time', async () => {
    const app = Fastify();
    endConnectionsAfterGrace(app, 60_000);
    const [released, release] = signal();
    const [inHand, started] = signal();
    app.get('/slow', async () => {
      started();
      await released;
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const answer = fetch(`http://127.0.0.1:${address.port}/slow`);
    await inHand;
    const closed = app.close();
    await expect.poll(() => app.server.listening).toBe(false);
    release();
    expect((await answer).status).toBe(200);
    // The fetch client keeps its connection: without ending it once idle, this waits the grace.
    await closed;
  }, 5_000);
});
