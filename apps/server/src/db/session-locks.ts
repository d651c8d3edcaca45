import pg from 'pg';
import type { LockNamespace } from './advisory-lock';

/**
 * Advisory locks held by this process for as long as it wants them, not for one transaction: who
 * runs the migrations, and which instance serves each running app. On PostgreSQL they live on one
 * connection of their own, so when the process dies the database releases them with it and
 * another instance can take over. If that connection drops while the process lives, every lock
 * is gone at once: `onLost` tells the holders, who must stop doing what the locks guarded.
 *
 * The embedded database has one process by construction (db/data-dir-lock.ts), so there the locks
 * are kept in memory and never lost.
 */
export interface SessionLocks {
  /**
   * Runs `work` while holding the lock, waiting as long as another caller holds it, in this
   * process or another.
   */
  withLock<T>(namespace: LockNamespace, key: number, work: () => Promise<T>): Promise<T>;
  /** Takes the lock if it is free (or already ours); false when another process holds it. */
  tryAcquire(namespace: LockNamespace, key: number): Promise<boolean>;
  release(namespace: LockNamespace, key: number): Promise<void>;
  /** Called when every lock was lost (the connection holding them dropped). */
  onLost(listener: () => void): () => void;
  close(): Promise<void>;
}

const id = (namespace: number, key: number) => `${namespace}:${key}`;

/**
 * Callers of one lock within this process, one after the other. PostgreSQL's advisory locks are
 * re-entrant within the session that holds them, and one connection holds them all here, so
 * without this two callers in one process would both go through.
 */
function inTurn() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(name) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    try {
      return await run;
    } finally {
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}

/** One process owns the embedded database: every lock is free unless this process holds it. */
export function memoryLocks(): SessionLocks {
  const held = new Set<string>();
  const exclusive = inTurn();
  return {
    withLock: (namespace, key, work) => exclusive(id(namespace, key), work),
    async tryAcquire(namespace, key) {
      held.add(id(namespace, key));
      return true;
    },
    async release(namespace, key) {
      held.delete(id(namespace, key));
    },
    onLost: () => () => undefined,
    async close() {
      held.clear();
    },
  };
}

/**
 * PostgreSQL: session-level advisory locks on a dedicated connection, opened on first use and
 * opened again after it drops (the next call reconnects; the locks it held are reported lost).
 */
export function postgresLocks(url: string): SessionLocks {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const held = new Set<string>();
  const lostListeners = new Set<() => void>();
  const exclusive = inTurn();

  const dropped = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    connecting = null;
    which.end().catch(() => undefined);
    if (held.size === 0) return;
    held.clear();
    for (const listener of lostListeners) listener();
  };

  const connection = (): Promise<pg.Client> => {
    if (closed) return Promise.reject(new Error('the lock connection is closed'));
    if (client) return Promise.resolve(client);
    if (!connecting) {
      const fresh = new pg.Client({ connectionString: url, application_name: 'agent-console locks' });
      fresh.on('error', () => dropped(fresh));
      fresh.on('end', () => dropped(fresh));
      connecting = fresh.connect().then(
        () => {
          client = fresh;
          return fresh;
        },
        (err: unknown) => {
          connecting = null;
          throw err;
        },
      );
    }
    return connecting;
  };

  return {
    withLock(namespace, key, work) {
      return exclusive(id(namespace, key), async () => {
        const c = await connection();
        await c.query('select pg_advisory_lock($1, $2)', [namespace, key]);
        try {
          return await work();
        } finally {
          await c.query('select pg_advisory_unlock($1, $2)', [namespace, key]).catch(() => undefined);
        }
      });
    },
    async tryAcquire(namespace, key) {
      const name = id(namespace, key);
      if (held.has(name)) return true;
      const c = await connection();
      const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [namespace, key]);
      if (rows[0]?.ok) held.add(name);
      return Boolean(rows[0]?.ok);
    },
    async release(namespace, key) {
      const name = id(namespace, key);
      if (!held.delete(name) || !client) return;
      await client.query('select pg_advisory_unlock($1, $2)', [namespace, key]).catch(() => undefined);
    },
    onLost(listener) {
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
    async close() {
      closed = true;
      held.clear();
      const c = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
