import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ANY_TABLE, CHANGE_CHANNEL, ChangeFeed, listenOnPooledClient, startDedicatedListener } from './change-feed';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';
import { memoryLocks, postgresLocks, type SessionLocks } from './session-locks';

/**
 * Both drivers expose the same query builder; we type the database as the node-postgres one
 * so that modules never branch on the driver.
 */
export type Db = NodePgDatabase<typeof schema>;
/** The database or a transaction of it: what a helper that may run inside a transaction takes. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw SQL access for the few places the query builder cannot express (migrations, seeds, tests). */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<void>;
}

export interface Database {
  db: Db;
  sql: SqlRunner;
  driver: 'pglite' | 'postgres';
  /** Tables written by any session, as the database reports them on commit (db/change-feed.ts). */
  changes: ChangeFeed;
  /** Advisory locks this process holds beyond a transaction (db/session-locks.ts). */
  locks: SessionLocks;
  /** Settles when the embedded database's thread stops without being closed; PGlite only. */
  stopped?: Promise<Error>;
  /** A tarball of the whole data directory; PGlite only (used to copy test databases). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  return openPglite(target);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const changes = new ChangeFeed();
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Typed as returning nothing, but pg-pool waits for the promise before handing the client out.
    onConnect: (client) => listenOnPooledClient(client, changes),
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const listener = startDedicatedListener(url, changes);
  await listener.ready;
  const db = drizzlePg(pool, { schema });
  const locks = postgresLocks(url);
  return {
    db,
    driver: 'postgres',
    changes,
    locks,
    sql: {
      async query(text, params) {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows };
      },
      async exec(text) {
        await pool.query(text);
      },
    },
    async close() {
      await locks.close();
      await listener.stop();
      await pool.end();
    },
  };
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  let dataDir: string | undefined;
  let lock: DataDirLock | undefined;
  if (target.dataDir) {
    dataDir = path.resolve(target.dataDir);
    mkdirSync(path.dirname(dataDir), { recursive: true });
    lock = lockDataDir(dataDir);
  }
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.start({
      ...(dataDir ? { dataDir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  // The thread offers the two calls Drizzle's PGlite driver makes on its client (pglite-thread.ts).
  const db = drizzlePglite({ client: thread as unknown as PGlite, schema }) as unknown as Db;
  // One session: it hears its own notifications, and no other instance can write (see decisions).
  const changes = new ChangeFeed();
  await thread.listen(CHANGE_CHANNEL, (table) => changes.publish(table || ANY_TABLE));
  changes.setLive(true);
  return {
    db,
    driver: 'pglite',
    changes,
    locks: memoryLocks(),
    stopped: thread.stopped,
    sql: {
      async query(text, params) {
        const r = await thread.query(text, params as unknown[]);
        return { rows: r.rows as never[] };
      },
      async exec(text) {
        await thread.exec(text);
      },
    },
    dump: () => thread.dump(),
    async close() {
      try {
        await thread.close();
      } finally {
        lock?.release();
      }
    },
  };
}
