import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/http/app-deps';
import type { GatewayConfig, MessagingGateway } from '../src/integrations/messaging-gateway/gateway';
import { gatewayRuntimeOf } from '../src/integrations/messaging-gateway/gateway-of';
import type { SimulatorOptions } from '../src/integrations/messaging-gateway/simulator/options';
import { createBoss } from '../src/jobs/boss';
import { createSecretBox, type SecretBox } from '../src/lib/secret-box';
import { createLocalStorage } from '../src/storage/local-storage';
import { createSimulatorControl, type SimulatorControl, TEST_SIMULATOR_OPTIONS } from './fixtures/gateway-sim';
import { useStarted } from './fixtures/started';
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
  /** With the `gateway` option: the real adapter, pointed at the simulator this app mounts. */
  gateway?: TestGateway;
  /** With the `jobs` option: the app's job queue (tests run a module's job functions with it). */
  boss?: PgBoss;
}

/** The messaging gateway of a test app (option `gateway`): the app listens on 127.0.0.1. */
export interface TestGateway {
  /** The `wkteam` adapter over real HTTP, exactly what `gatewayOf(deps)` gives the modules. */
  adapter: MessagingGateway;
  /** Plays the person on the simulator's phone and customer pages. */
  sim: SimulatorControl;
  /** The simulator's address (`http://127.0.0.1:<port>/gateway-sim`). */
  baseUrl: string;
  /** What the app was given: the token and the callback secret among it. */
  config: GatewayConfig;
  /** The app's own address, where the simulator posts its callbacks. */
  consoleUrl: string;
}

export interface GatewayTestOptions {
  /** Over the harness's fast defaults (TEST_SIMULATOR_OPTIONS). */
  simulator?: Partial<SimulatorOptions>;
}

/** A server on its own copy of the seeded database, driven through fastify.inject. */
export interface TestAppOptions {
  webDist?: string;
  loginRateLimit?: number;
  /** Chat-bubble answers per user and minute; 10,000 unless a test is about the limit. */
  chatRateLimit?: number;
  /** Answer calls of one app's API key per minute; the product's default unless a test is about the limit. */
  appApiRateLimit?: number;
  /** Start background jobs (pg-boss) on the test database. */
  jobs?: boolean;
  /**
   * Mount the gateway simulator and listen on 127.0.0.1 (a free port), so the adapter reaches it
   * over real HTTP and its callbacks reach the app; `app.gateway` then has the adapter and the
   * simulator's control.
   */
  gateway?: true | GatewayTestOptions;
  /**
   * Run on this database instead of a fresh copy, and leave it open on close: a second app on
   * the same database is a restart of the console.
   */
  database?: TestDatabase;
  /** Overrides of the pacing policy of sends (tests make it fast). */
  pacing?: AppDeps['pacing'];
  /** The agent's LLM (tests point it at a local OpenAI-compatible server). */
  llm?: AppDeps['llm'];
  /** The embedding model (tests point it at a local server: fixtures/synonym-embeddings.ts). */
  embeddings?: AppDeps['embeddings'];
  /** The clock of calendar facts (fixtures/manual-clock.ts moves it). */
  clock?: AppDeps['clock'];
  /** The bearer token of GET /metrics (`METRICS_TOKEN`); /metrics answers 404 without it. */
  metricsToken?: string;
  /** Demo mode (`DEMO=true`): the demo login is registered (modules/demo). */
  demo?: boolean;
}

/** The options of an app with the gateway simulator mounted. */
type GatewayAppOptions = TestAppOptions & { gateway: true | GatewayTestOptions };

/**
 * The app of a test file (or of the describe block that calls it): created before its tests and
 * closed after them. It returns a stand-in that reads through to the app once it is up, so the
 * tests use `t` as they would the app itself; reading it outside a test or a hook throws.
 * `options` may be a function, called when the app starts: for options that name a peer started
 * by a hook declared before (its address is known only then).
 */
export function useTestApp(options: GatewayAppOptions | (() => GatewayAppOptions)): TestApp & { gateway: TestGateway };
export function useTestApp(options?: TestAppOptions | (() => TestAppOptions)): TestApp;
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  return useStarted(() => createTestApp(typeof options === 'function' ? options() : options), 'useTestApp: the app');
}

export async function createTestApp(
  options: TestAppOptions & { gateway: true | GatewayTestOptions },
): Promise<TestApp & { gateway: TestGateway }>;
export async function createTestApp(options?: TestAppOptions): Promise<TestApp>;
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase(inject('databaseTemplate')));
  const boss = options.jobs ? createBoss(database, { url: database.url }) : undefined;
  if (boss) {
    boss.on('error', () => {});
    await boss.start();
  }
  // Uploads go to a temporary folder of this test file, removed on close.
  const filesDir = await mkdtemp(path.join(tmpdir(), 'agent-console-files-'));
  const secretBox = createSecretBox(randomBytes(32).toString('base64url'));
  const gatewayConfig: GatewayConfig | undefined = options.gateway
    ? {
        driver: 'simulator',
        token: randomBytes(24).toString('base64url'),
        callbackSecret: randomBytes(24).toString('base64url'),
        simulator: { ...TEST_SIMULATOR_OPTIONS, ...(options.gateway === true ? {} : options.gateway.simulator) },
      }
    : undefined;
  const deps = {
    database,
    secretBox,
    storage: createLocalStorage(filesDir),
    loginRateLimit: options.loginRateLimit ?? 10_000,
    checkAnswers: true,
    chatRateLimit: options.chatRateLimit ?? 10_000,
    ...(options.appApiRateLimit ? { appApiRateLimit: options.appApiRateLimit } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(boss ? { boss } : {}),
    ...(gatewayConfig ? { gateway: gatewayConfig } : {}),
    ...(options.pacing ? { pacing: options.pacing } : {}),
    ...(options.llm ? { llm: options.llm } : {}),
    ...(options.embeddings ? { embeddings: options.embeddings } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    ...(options.demo ? { demo: true } : {}),
  };
  const app = await buildApp(deps);
  await app.ready();
  const gateway = gatewayConfig ? await listenWithGateway(app, deps, gatewayConfig) : undefined;

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
      const lateBefore = database.lateStatements.length;
      await app.close();
      // Graceful, as the server stops (main.ts): a job still running when the database closed
      // failed its statements after the test, an unhandled rejection that failed the whole run.
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
      if (!options.database) await database.dispose();
      await rm(filesDir, { recursive: true, force: true });
      // Work that outlived the app's close (issue 31): reported by the database, refused here.
      // What a test sent to a database it closed itself earlier is the test's own doing.
      const late = database.lateStatements.slice(lateBefore);
      if (late.length) throw new Error(`work outlived the app's close:\n${late.join('\n---\n')}`);
    },
    ...(gateway ? { gateway } : {}),
    ...(boss ? { boss } : {}),
  };
}

async function listenWithGateway(
  app: FastifyInstance,
  deps: Parameters<typeof gatewayRuntimeOf>[0],
  config: GatewayConfig,
): Promise<TestGateway> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const runtime = gatewayRuntimeOf(deps);
  const baseUrl = runtime.baseUrl();
  const address = app.server.address();
  if (!runtime.simulator || !baseUrl || !address || typeof address === 'string') {
    throw new Error('the gateway simulator is not mounted');
  }
  return {
    adapter: runtime.adapter,
    sim: createSimulatorControl(runtime.simulator),
    baseUrl,
    config,
    consoleUrl: `http://127.0.0.1:${address.port}`,
  };
}
