import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { createBoss } from '../src/jobs/boss';
import { createSecretBox, type SecretBox } from '../src/lib/secret-box';
import { createLocalStorage } from '../src/storage/local-storage';
import { openTestDatabase, TEST_ADMIN_PASSWORD, type TestDatabase } from './test-database';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { code: string; message: string; data: T };
  headers: OutgoingHttpHeaders;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  lang?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  /** Folder of this app's local object storage. */
  filesDir: string;
  database: TestDatabase;
  /** The key this app seals secrets with (a fresh random one per app). */
  secretBox: SecretBox;
  call<T = unknown>(method: 'GET' | 'POST', url: string, opts?: CallOptions): Promise<ApiAnswer<T>>;
  login(username: string, password: string): Promise<string>;
  loginAdmin(): Promise<string>;
  close(): Promise<void>;
}

/** A server on its own copy of the seeded database, driven through fastify.inject. */
export interface TestAppOptions {
  webDist?: string;
  loginRateLimit?: number;
  /** Start background jobs (pg-boss) on the test database. */
  jobs?: boolean;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(inject('databaseTemplate'));
  const boss = options.jobs ? createBoss(database, { url: database.url }) : undefined;
  if (boss) {
    boss.on('error', () => {});
    await boss.start();
  }
  // Uploads go to a temporary folder of this test file, removed on close.
  const filesDir = await mkdtemp(path.join(tmpdir(), 'agent-console-files-'));
  const secretBox = createSecretBox(randomBytes(32).toString('base64url'));
  const app = await buildApp({
    database,
    secretBox,
    storage: createLocalStorage(filesDir),
    loginRateLimit: options.loginRateLimit ?? 10_000,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(boss ? { boss } : {}),
  });
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    const contentType = String(res.headers['content-type'] ?? '');
    const body = contentType.includes('json') ? res.json() : { code: '', message: res.body, data: null };
    return { status: res.statusCode, body, headers: res.headers };
  };

  const login = async (username: string, password: string) => {
    const res = await call<{ accessToken: string }>('POST', '/api/login', { body: { username, password } });
    if (res.body.code !== '00000') throw new Error(`login of ${username} failed: ${JSON.stringify(res.body)}`);
    return res.body.data.accessToken;
  };

  return {
    app,
    filesDir,
    database,
    secretBox,
    call,
    login,
    loginAdmin: () => login('admin', TEST_ADMIN_PASSWORD),
    close: async () => {
      await app.close();
      await boss?.stop({ graceful: false, wait: true });
      await database.dispose();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
