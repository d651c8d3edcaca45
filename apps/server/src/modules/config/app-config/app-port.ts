import { randomInt } from 'node:crypto';
import net from 'node:net';
import type { FieldError } from '@agent-console/contracts';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { portsHeldByApps } from './app.repo';

/**
 * The ports apps may listen on when `APP_PORTS` is not set: above the common registered services
 * (databases, brokers, the console's own 8080) and below Linux's ephemeral range (32768–60999),
 * where the kernel picks ports for outgoing connections. The contract's 1024–65535 is the outer
 * bound; the host narrows it, because an app is a tenant's choice and must never take a port the
 * console or another service of the host needs (docs/security.md, issue 31).
 */
export const DEFAULT_APP_PORTS = { min: 20_000, max: 32_767 } as const;
const ATTEMPTS = 64;

export interface AppPortRange {
  min: number;
  max: number;
}

/**
 * Which ports an app may take on this host: inside the range, and none of the reserved ones (the
 * console's own port, the ports of the services it is configured to reach, and `APP_RESERVED_PORTS`).
 * The console's listening port is added once it is known (PORT=0 picks one).
 */
export class AppPortPolicy {
  private readonly reserved: Set<number>;

  constructor(
    readonly range: AppPortRange = DEFAULT_APP_PORTS,
    reserved: Iterable<number> = [],
  ) {
    this.reserved = new Set(reserved);
  }

  reserve(port: number): void {
    if (port > 0) this.reserved.add(port);
  }

  /** Why an app may not take `port`, as the field error of `port`; null when it may. */
  problem(port: number): FieldError | null {
    if (this.reserved.has(port)) return { field: 'port', reason: 'reservedPort' };
    if (port < this.range.min || port > this.range.max) {
      return { field: 'port', reason: 'notAppPort', detail: `${this.range.min}–${this.range.max}` };
    }
    return null;
  }

  /** Refuses a port an app may not take (A0420 naming `port`). */
  assertAllowed(port: number): void {
    const problem = this.problem(port);
    if (problem) throw new AppError('A0420', { fields: [problem] satisfies FieldError[] });
  }
}

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
 * A port the policy allows, no app holds and nothing listens on at the apps' host, picked at
 * random so that two people creating apps at once are unlikely to be offered the same one. Not
 * reserved: saving checks again that no app holds it.
 */
export async function suggestPort(db: Db, host: string, policy: AppPortPolicy): Promise<number> {
  const held = await portsHeldByApps(db);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = randomInt(policy.range.min, policy.range.max + 1);
    if (!held.has(port) && !policy.problem(port) && (await isPortFree(host, port))) return port;
  }
  throw AppError.field('A0440', 'port', 'noneFree');
}
