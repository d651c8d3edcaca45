import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChildServer, startChildServer } from '@agent-console/server/test/child-server';
import { databaseUrlWithName, withAdminClient } from '@agent-console/server/test/test-database';
import type { BenchData } from './bench-database';
import type { BenchContext } from './types';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

/**
 * Node's own options for every bench server (BENCH_SERVER_NODE_ARGS, split on spaces), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server under a scenario's load.
 */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

const HEAP_PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heap-probe.cjs');

/** The server's memory right after a full collection, in bytes (heap-probe.cjs). */
export interface HeapReading {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rss: number;
}

export interface BenchServerOptions {
  /** Starts the server with heap-probe.cjs, for `heapAfterCollection`. */
  heapProbe?: boolean;
}

/**
 * The built server as its own process on a fresh embedded database or a fresh PostgreSQL
 * database (created beside the one of `ctx.databaseUrl`, dropped by `dispose`), started with
 * DATABASE_URL as in production. It can be stopped and started again on the same data (to
 * bulk-load rows meanwhile).
 */
export class BenchServer implements BenchData {
  private child: ChildServer | undefined;

  private constructor(
    readonly dataDir: string,
    readonly databaseUrl: string | undefined,
    private readonly dropDatabase: (() => Promise<void>) | undefined,
    private readonly extraEnv: Record<string, string>,
    private readonly options: BenchServerOptions,
  ) {}

  static async create(
    ctx: BenchContext,
    name: string,
    extraEnv: Record<string, string> = {},
    options: BenchServerOptions = {},
  ): Promise<BenchServer> {
    const dataDir = path.join(ctx.tmpDir, `${name}-${randomBytes(3).toString('hex')}`);
    if (!ctx.databaseUrl) return new BenchServer(dataDir, undefined, undefined, extraEnv, options);
    const admin = ctx.databaseUrl;
    const dbName = `ac_bench_${name.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`;
    await withAdminClient(admin, (c) => c.query(`CREATE DATABASE ${dbName}`));
    return new BenchServer(
      dataDir,
      databaseUrlWithName(admin, dbName),
      async () => void (await withAdminClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`))),
      extraEnv,
      options,
    );
  }

  get baseUrl(): string {
    if (!this.child) throw new Error('bench server is not running');
    return this.child.baseUrl;
  }

  get pid(): number {
    return this.child?.process.pid ?? -1;
  }

  async start(): Promise<this> {
    this.child = await startChildServer(
      {
        DATA_DIR: this.dataDir,
        ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        LOGIN_RATE_LIMIT: '100000',
        // A bench is one client measuring throughput, not a leaked key: the app API's budget is off.
        APP_API_RATE_LIMIT: '100000',
        ...(this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : {}),
        ...this.extraEnv,
      },
      {
        nodeArgs: [...SERVER_NODE_ARGS, ...(this.options.heapProbe ? ['--expose-gc', '--require', HEAP_PROBE] : [])],
        ipc: this.options.heapProbe === true,
      },
    );
    return this;
  }

  /** Collects the server's garbage (all of it, a full collection) and reads its memory. */
  heapAfterCollection(): Promise<HeapReading> {
    const child = this.child?.process;
    if (!child?.send || !this.options.heapProbe) throw new Error('the bench server runs without the heap probe');
    return new Promise((resolve, reject) => {
      const onMessage = (message: HeapReading) => {
        clearTimeout(timer);
        resolve(message);
      };
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error('the heap probe did not answer within 60 s'));
      }, 60_000);
      child.once('message', onMessage);
      child.send('heap');
    });
  }

  async stop(): Promise<void> {
    await this.child?.stop();
    this.child = undefined;
  }

  async dispose(): Promise<void> {
    await this.stop().catch(() => {});
    await this.dropDatabase?.();
  }
}

export async function startBenchServer(
  ctx: BenchContext,
  name: string,
  extraEnv: Record<string, string> = {},
  options: BenchServerOptions = {},
) {
  return (await BenchServer.create(ctx, name, extraEnv, options)).start();
}

export async function apiLogin(baseUrl: string, username = 'admin', password = BENCH_ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { code: string; data: { accessToken: string } };
  if (body.code !== '00000') throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.accessToken;
}
