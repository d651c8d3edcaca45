import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_NAME } from '@agent-console/contracts';
import pino from 'pino';
import { buildApp } from './app';
import { LOCK_NAMESPACE } from './db/advisory-lock';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDatabase } from './db/seed';
import { type Env, loadEnv, reservedPortsOf } from './env';
import { createEmbeddingClient } from './integrations/embedding';
import { createChatLlm, createMiner } from './integrations/llm';
import { loadGatewayConfig } from './integrations/messaging-gateway/gateway-config';
import { createBoss } from './jobs/boss';
import { ConfigError } from './lib/config-error';
import { loadSecretBox } from './lib/secret-box';
import { SEED_MENU } from './menu';
import { ensureDemo } from './modules/demo/demo/demo.service';
import { createStorage } from './storage';

/** `--demo` (npm run demo): demo mode on a data folder of its own unless DATA_DIR names one (docs/demo.md). */
function demoEnv(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!process.argv.includes('--demo')) return source;
  return { ...source, DEMO: 'true', DATA_DIR: source.DATA_DIR || './demo-data' };
}

async function main(): Promise<void> {
  const env = loadEnv(demoEnv(process.env));
  // Before anything else touches DATA_DIR: a key that cannot be read or made stops the start.
  const secretBox = await loadSecretBox({ secretKey: env.SECRET_KEY, dataDir: env.dataDir });
  const loadedGateway = await loadGatewayConfig(env);
  // The demo's simulated account stays online: a first-day drop would leave the demo offline.
  const gateway =
    env.DEMO && loadedGateway.driver === 'simulator'
      ? { ...loadedGateway, simulator: { ...loadedGateway.simulator, firstDayDrop: false as const } }
      : loadedGateway;
  const logger = pino({
    level: env.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.accessToken'],
  });
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(env.dataDir, 'pglite') },
  );
  logger.info({ driver: database.driver }, 'database opened');
  // Without its database thread the server can answer nothing; a supervisor restarts it.
  void database.stopped?.then((err) => {
    logger.fatal({ err }, 'the embedded database stopped');
    process.exit(1);
  });
  // Instances starting together on one PostgreSQL migrate and seed one after the other: the
  // later ones find the work done.
  const seeded = await database.locks.withLock(LOCK_NAMESPACE.startup, 0, async () => {
    await migrateDatabase(database);
    return seedDatabase(database.db, { adminPassword: env.ADMIN_PASSWORD, menu: SEED_MENU });
  });
  announceSeed(seeded);

  const boss = createBoss(database, { url: env.DATABASE_URL });
  boss.on('error', (err) => logger.error({ err }, 'background jobs'));
  await boss.start();

  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.resolve(here, '../../web/dist');
  const deps = {
    database,
    webDist,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    chatRateLimit: env.CHAT_RATE_LIMIT,
    appApiRateLimit: env.APP_API_RATE_LIMIT,
    logger,
    trustProxy: env.TRUST_PROXY,
    boss,
    storage: createStorage(env),
    miner: createMiner(env),
    llm: createChatLlm(env),
    embeddings: createEmbeddingClient(env),
    embeddingBatchSize: env.EMBEDDING_BATCH_SIZE,
    appsHost: env.APPS_HOST,
    appPorts: { range: env.APP_PORTS, reserved: reservedPortsOf(env) },
    secretBox,
    gateway,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    demo: env.DEMO,
  };
  const app = await buildApp(deps);
  installShutdown(async (deadline) => {
    // Stops listening, answers what is in flight, stops the senders and the apps' listeners
    // (their locks go back for another instance to take over).
    await app.close();
    // Running jobs get what is left of the time; one cut off is retried by the next instance.
    await boss.stop({ graceful: true, timeout: Math.max(500, deadline - Date.now() - 1_000) });
  }, database);
  await app.listen({ host: env.HOST, port: env.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  if (env.DEMO) await announceDemo(deps, env.dataDir, env.DEMO_SIZE);
  process.stdout.write(`${PRODUCT_NAME} is running at http://${env.HOST}:${port}\n`);
}

/** Secrets generated on first start are printed once, to the console only, never to the log. */
function announceSeed(seeded: Awaited<ReturnType<typeof seedDatabase>>): void {
  if (seeded.generatedAdminPassword) {
    process.stdout.write(
      `\nFirst start: created user "admin" with password: ${seeded.generatedAdminPassword}\n` +
        'It is shown only this once. Set ADMIN_PASSWORD before the first start to choose it.\n\n',
    );
  }
  if (seeded.rootInvitationCode) {
    process.stdout.write(`Invitation code of the root customer: ${seeded.rootInvitationCode}\n\n`);
  }
}

/**
 * Demo mode: the demo customer is generated on the first start in its folder, after the console
 * listens (the simulated messaging login reaches the simulator through the console's own address).
 */
async function announceDemo(
  deps: Parameters<typeof ensureDemo>[0],
  dataDir: string,
  size: Env['DEMO_SIZE'],
): Promise<void> {
  process.stdout.write(`Demo mode: data in ${dataDir}\n`);
  const made = await ensureDemo(deps, { size });
  if (made) {
    process.stdout.write(
      `Demo customer generated in ${made.seconds} s: ${made.messages} messages, ${made.leads} leads, ` +
        `${made.followupsSent} follow-ups, usage ${made.used} of ${made.quota}.\n`,
    );
  }
  process.stdout.write('Sign in with "Try the demo" on the sign-in page.\n');
}

/** A supervisor (systemd, Kubernetes) kills a process that takes longer than this to stop. */
const SHUTDOWN_MS = 10_000;

function installShutdown(closeApp: (deadline: number) => Promise<void>, database: Database): void {
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`${signal}: shutting down\n`);
    const deadline = Date.now() + SHUTDOWN_MS - 500;
    setTimeout(() => {
      process.stdout.write('shutdown did not finish in time; exiting\n');
      process.exit(1);
    }, deadline - Date.now()).unref();
    await closeApp(deadline).catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
