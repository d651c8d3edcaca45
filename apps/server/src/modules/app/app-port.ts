import { randomInt } from 'node:crypto';
import net from 'node:net';
import type { Db } from '../../db/client';
import { apps } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Ports `getPort` suggests: above the common registered services and below Linux's ephemeral
 * range (32768–60999), where the kernel picks ports for outgoing connections and a suggestion
 * could be taken by the time the app starts. Any port 1024–65535 may still be typed in.
 */
export const SUGGESTED_PORTS = { min: 20_000, max: 32_767 };
const ATTEMPTS = 64;

/** Whether nothing listens on `host:port` right now: tried by binding it, then letting go. */
export function isPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * A port no app holds and nothing listens on at the apps' host, picked at random so that two
 * people creating apps at once are unlikely to be offered the same one. Not reserved: saving
 * checks again that no app holds it.
 */
export async function suggestPort(db: Db, host: string): Promise<number> {
  const held = new Set((await db.select({ port: apps.port }).from(apps)).map((row) => row.port));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = randomInt(SUGGESTED_PORTS.min, SUGGESTED_PORTS.max + 1);
    if (!held.has(port) && (await isPortFree(host, port))) return port;
  }
  throw AppError.field('A0440', 'port', 'noneFree');
}
