import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ANY_TABLE, CHANGE_CHANNEL, ChangeFeed, listenOnPooledClient, startDedicatedListener } from './change-feed';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { PgliteThread } from './pglite-thread';
import { memoryLocks, postgresLocks, type SessionLocks } from './session-locks';

/**
 * Both drivers expose the same query builder; we type the database as the node-postgres one
 * so that modules never branch on the driver. No schema is registered with the client: queries
 * name their tables (the relational `db.query` API is not used), so a feature's tables live in
 * its own folder without a line in a central list.
 */
export type Db = NodePgDatabase;
/** The database or a transaction of it: what a helper that may run inside a transaction takes. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Transactions of a database that can usefully run at once: one on the embedded database (one
 * connection: a second waits for the first), two on a pool, where a batch being committed and
 * the next being written overlap (lib/group-commit.ts).
 */
const parallelTransactions = new WeakMap<Db, number>();

export function concurrentTransactions(db: Db): number {
  return parallelTransactions.get(db) ?? 1;
}

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
  dump?: () => Promise<Uint8Array>;
  /**
   * Statements sent after close() was called, with where they came from: each is work that
   * outlived the close of what started it (they fail). The test harness refuses any (issue 31).
   */
  readonly lateStatements: readonly string[];
  close(): Promise<void>;
}

/** Keeps the first late statements with the frames of this project that sent them. */
function lateStatementLog(): { list: string[]; record(statement: string): void } {
  const list: string[] = [];
  return {
    list,
    record(statement) {
      if (list.length >= 20) return;
      const frames = (new Error().stack ?? '')
        .split('\n')
        .filter((line) => /\/src\/|\/test\//.test(line) && !line.includes('/db/client.'))
        .slice(0, 8);
      list.push([statement, ...frames].join('\n'));
    },
  };
}

/**
 * A pool that reports what is sent to it once it is ending, as the embedded database's thread
 * does: `query` for single statements, `connect` for transactions (what Drizzle calls).
 */
function reportingPool(config: pg.PoolConfig, onLate: (statement: string) => void): { pool: pg.Pool; ending(): void } {
  const pool = new pg.Pool(config);
  let closing = false;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  // pg-pool's query calls connect at once: that connect is the query's, reported once.
  let inQuery = false;
  pool.query = ((...args: unknown[]) => {
    if (closing) onLate(`query ${describeQuery(args[0])}`);
    inQuery = true;
    try {
      return query(...args);
    } finally {
      inQuery = false;
    }
  }) as typeof pool.query;
  pool.connect = ((...args: unknown[]) => {
    if (closing && !inQuery) onLate('connect (a transaction or a client)');
    return connect(...args);
  }) as typeof pool.connect;
  return {
    pool,
    ending: () => {
      closing = true;
    },
  };
}

function describeQuery(config: unknown): string {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.slice(0, 200) : '';
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Uint8Array };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  return openPglite(target);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const changes = new ChangeFeed();
  const late = lateStatementLog();
  const { pool, ending } = reportingPool(
    {
      connectionString: url,
      max,
      // Typed as returning nothing, but pg-pool waits for the promise before handing the client out.
      onConnect: (client) => listenOnPooledClient(client, changes),
    },
    late.record,
  );
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const listener = startDedicatedListener(url, changes);
  await listener.ready;
  const db = drizzlePg(pool);
  parallelTransactions.set(db, Math.min(2, max));
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
    lateStatements: late.list,
    async close() {
      ending();
      await locks.close();
      await listener.stop();
      await pool.end();
    },
  };
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Uint8Array }): Promise<Database> {
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
  const late = lateStatementLog();
  thread.onLate = late.record;
  const db = drizzlePglite({ client: thread as unknown as PGlite }) as unknown as Db;
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
    lateStatements: late.list,
    async close() {
      try {
        await thread.close();
      } finally {
        lock?.release();
      }
    },
  };
}
