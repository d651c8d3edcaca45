import type { FastifyInstance } from 'fastify';

/** How long a closing server waits for the connections still open before it ends them. */
export const CLOSE_GRACE_MS = 5_000;

/**
 * A closing server stops taking connections and ends the idle ones, then waits for the rest to
 * end. A connection whose answer was still being written at that moment became idle only after,
 * and Node kept it until its keep-alive time ran out, 72 s in Fastify: a test console on
 * PostgreSQL took 70 s to close with one connection of its own gateway simulator's client open.
 * So while closing, connections are ended as soon as they are idle; and what is still open after
 * the grace time (a client that sent half a request, by accident or on purpose) is ended then,
 * since the console must stop within 10 s of SIGTERM (main.ts).
 */
export function endConnectionsAfterGrace(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): void {
  app.addHook('preClose', async () => {
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    const rest = setTimeout(() => app.server.closeAllConnections(), graceMs);
    idle.unref();
    rest.unref();
    app.server.once('close', () => {
      clearInterval(idle);
      clearTimeout(rest);
    });
  });
}
