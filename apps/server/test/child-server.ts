import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { databaseUrlWithName, type TestDatabaseTemplate, templateDump, withAdminClient } from './test-database';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_BUNDLE = path.resolve(here, '../dist/main.js');

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  output(): string;
  /** SIGKILL: no shutdown hooks run, as in a power cut or an OOM kill. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Ports handed out by freePort: below Linux's ephemeral range (32768 and up), so a socket bound to
 * port 0 anywhere never takes one, in a block of its own per test worker (VITEST_POOL_ID) and per
 * vitest process (TEST_PORT_BASE, set by scripts/run-tests.mjs), so two workers never get the same
 * port; within a worker each is handed out once before the block wraps.
 */
const PORT_BLOCK = 400;
const portBase =
  Number(process.env.TEST_PORT_BASE ?? 20_000) + (Number(process.env.VITEST_POOL_ID ?? 1) % 8) * PORT_BLOCK;
let nextPort = 0;

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A port nothing listens on, for a server a test starts (an app, a child console). */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORT_BLOCK; tries++) {
    const port = portBase + (nextPort++ % PORT_BLOCK);
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port in ${portBase}–${portBase + PORT_BLOCK - 1}`);
}

/** A port that was just free: bound, then released, so connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts the built server (`npm run build` first) as a separate process and waits for /api/health;
 * on `port` when given (a restart on the same address), else on a free one.
 */
export async function startChildServer(
  env: Record<string, string>,
  options: {
    port?: number;
    startMs?: number;
    /** Node's own options before the bundle (`--expose-gc`, `--require` of a probe). */
    nodeArgs?: string[];
    /** Opens an IPC channel to the child (`child.process.send`), for a probe it was started with. */
    ipc?: boolean;
  } = {},
): Promise<ChildServer> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build first`);
  const port = options.port ?? (await freePort());
  let log = '';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_BUNDLE], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Ready once the child itself says it listens on its port (main.ts prints it after listen):
  // a health answer alone could come from another process holding that port.
  const listening = () => log.includes(`is running at ${baseUrl}`);
  const startMs = options.startMs ?? 120_000;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    if (listening()) {
      const res = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      if (res?.ok) break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start on ${baseUrl} within ${startMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = () =>
    new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    baseUrl,
    process: child,
    output: () => log,
    kill: async () => {
      child.kill('SIGKILL');
      await exited();
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited();
    },
  };
}

/**
 * Where a child server keeps its data: its own folder (the embedded database and files) and, when
 * TEST_DATABASE_URL is set, its own PostgreSQL database, created by `prepare` and dropped with the
 * folder by `dispose`. `env` is what the child is started with, plus `extra`.
 *
 * With `from` (the suite's template, `inject('databaseTemplate')`), `prepare` starts the data as a
 * copy of the migrated and seeded template, its admin's password set to `password`: a child then
 * starts in a second instead of building an embedded database from nothing (initdb, every
 * migration, the seed: ten seconds and more of CPU each). Without it the data starts empty, for a
 * test of what a first start does.
 */
export function childData(prefix: string, password: string, from?: TestDatabaseTemplate) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const dbName = `${prefix.replace(/[^a-z0-9]/g, '_')}_${randomBytes(4).toString('hex')}`;
  return {
    password,
    env: (extra: Record<string, string> = {}): Record<string, string> => ({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
      ...(pgUrl ? { DATABASE_URL: databaseUrlWithName(pgUrl, dbName) } : {}),
      ...extra,
    }),
    prepare: async () => {
      if (pgUrl) {
        const copy = from?.kind === 'postgres' ? ` TEMPLATE ${from.template}` : '';
        await withAdminClient(pgUrl, (c) => c.query(`CREATE DATABASE ${dbName}${copy}`));
      }
      if (!from) return;
      const database =
        from.kind === 'pglite'
          ? await openDatabase({
              kind: 'pglite',
              dataDir: path.join(dataDir, 'pglite'),
              loadDataDir: await templateDump(from.dumpFile),
            })
          : await openDatabase({ kind: 'postgres', url: databaseUrlWithName(from.url, dbName), poolSize: 1 });
      try {
        const passwordHash = await hashPassword(password);
        await database.db.update(users).set({ passwordHash }).where(eq(users.username, 'admin'));
      } finally {
        await database.close();
      }
    },
    /**
     * Works on the child's database directly, while no child runs on it (the embedded database has
     * one owner): what an older version, or a row written before a fix, left there.
     */
    withDatabase: async <T>(work: (db: Database['db']) => Promise<T>): Promise<T> => {
      const database = pgUrl
        ? await openDatabase({ kind: 'postgres', url: databaseUrlWithName(pgUrl, dbName), poolSize: 1 })
        : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (pgUrl) await withAdminClient(pgUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    },
  };
}

/** One call of the console a child server runs: the envelope's data, or an error naming the call and its code. */
export async function childCall<T = unknown>(
  server: { baseUrl: string } | ChildServer,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (err) {
    // A server that stopped answering says why only in its own output: show it with the failure.
    if (!('output' in server)) throw err;
    const exit = server.process.exitCode ?? server.process.signalCode;
    throw new Error(
      `${method} ${url} on ${server.baseUrl}: ${(err as Error).message}` +
        ` (the child server ${exit === null ? 'is still running' : `exited: ${exit}`}); its output ends:\n` +
        server.output().slice(-4000),
      { cause: err },
    );
  }
  const envelope = (await res.json()) as { code: string; message?: string; data: T };
  if (envelope.code !== '00000') throw new Error(`${method} ${url}: ${envelope.code} ${envelope.message ?? ''}`);
  return envelope.data;
}

/** The administrator's access token on a child server. */
export async function childLogin(server: { baseUrl: string } | ChildServer, password: string): Promise<string> {
  const data = await childCall<{ accessToken: string }>(server, 'POST', '/api/login', undefined, {
    username: 'admin',
    password,
  });
  return data.accessToken;
}
