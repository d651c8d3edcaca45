import path from 'node:path';
import { AGENT_CHAT_RATE_LIMIT, APP_API_RATE_LIMIT } from '@agent-console/contracts';
import { z } from 'zod';
import { ConfigError } from './lib/config-error';

/**
 * All configuration in one schema. A bad value stops the server at start with a message
 * that names the variable, instead of failing later on the first request that needs it.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Where the listeners of running apps bind (WAVE2 §15.3). */
  APPS_HOST: z.string().min(1).default('127.0.0.1'),
  /** The ports apps may take (`min-max`, inside 1024–65535): tenants choose them (issue 31). */
  APP_PORTS: z
    .string()
    .regex(/^\d{4,5}-\d{4,5}$/, 'must be a range such as 20000-32767')
    .default('20000-32767')
    .transform((text) => {
      const [min = 0, max = 0] = text.split('-').map(Number);
      return { min, max };
    })
    .refine(({ min, max }) => min >= 1024 && max <= 65535 && min <= max, 'must lie within 1024-65535, low end first'),
  /** More ports of this host that no app may take (`5000,5001`), besides those the console knows of. */
  APP_RESERVED_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, 'must be ports separated by commas, such as 5000,5001')
    .optional()
    .transform((text) => (text ? text.split(',').map(Number) : [])),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Demo mode (`npm run demo` sets it, with DATA_DIR ./demo-data): the demo customer and login (docs/demo.md). */
  DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How much history the demo generates: `full` (24 contacts, two weeks) or `small` (6 contacts). */
  DEMO_SIZE: z.enum(['full', 'small']).default('full'),
  /** Where `npm run backup` writes its archives; `backups` beside DATA_DIR when unset (ops/backup.ts). */
  BACKUP_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').max(128).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Chat-bubble answers per user and minute. */
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(AGENT_CHAT_RATE_LIMIT),
  APP_API_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(APP_API_RATE_LIMIT),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  S3_PREFIX: z.string().optional(),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000_000).default(1024),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  // Retrieval by meaning (issue 33): on when a model is named; the endpoint and key default to the LLM's.
  EMBEDDING_BASE_URL: z.url().optional(),
  EMBEDDING_API_KEY: z.string().min(1).optional(),
  EMBEDDING_MODEL: z.string().min(1).max(200).optional(),
  EMBEDDING_DIMENSIONS: z.coerce.number().int().min(8).max(8192).optional(),
  // Texts per call to the embedding model while vectors are written in the background.
  EMBEDDING_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(32),
  // Seals stored secrets (the SMTP password); generated into DATA_DIR/secret.key when unset.
  SECRET_KEY: z.string().min(32, 'must have at least 32 characters').optional(),
  // The messaging gateway (WAVE2 §1.7, §15.4): the built-in simulator unless `wkteam` is chosen.
  GATEWAY_DRIVER: z.enum(['simulator', 'wkteam']).default('simulator'),
  GATEWAY_BASE_URL: z.url().optional(),
  // Generated into DATA_DIR when unset (integrations/messaging-gateway/gateway-config.ts).
  GATEWAY_TOKEN: z.string().min(1).max(512).optional(),
  GATEWAY_CALLBACK_SECRET: z.string().min(16, 'must have at least 16 characters').max(512).optional(),
  // The console's address as the gateway reaches it (file links of file messages); the listen address when unset.
  PUBLIC_URL: z.url().optional(),
  // The bearer token of GET /metrics (Prometheus); /metrics answers 404 when unset.
  METRICS_TOKEN: z
    .string()
    .min(16, 'must have at least 16 characters')
    .max(512)
    .regex(/^\S+$/, 'must not contain spaces')
    .optional(),
});

/** A real WKTeam gateway has an address and issues the token; neither can be made up. */
const withGatewayRules = envSchema.superRefine((env, ctx) => {
  if (env.GATEWAY_DRIVER !== 'wkteam') return;
  for (const key of ['GATEWAY_BASE_URL', 'GATEWAY_TOKEN'] as const) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when GATEWAY_DRIVER=wkteam' });
  }
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'postgres:': 5432, 'postgresql:': 5432 };

/**
 * The ports no app may take: the console's own, every service the console is configured to reach
 * (a service on this host listens there), and `APP_RESERVED_PORTS`. Used with `APP_PORTS`.
 */
export function reservedPortsOf(env: Env): number[] {
  const ports = new Set(env.APP_RESERVED_PORTS);
  if (env.PORT > 0) ports.add(env.PORT);
  for (const address of [
    env.DATABASE_URL,
    env.GATEWAY_BASE_URL,
    env.LLM_BASE_URL,
    env.EMBEDDING_BASE_URL,
    env.PUBLIC_URL,
    env.S3_ENDPOINT,
  ]) {
    if (!address) continue;
    try {
      const url = new URL(address);
      const port = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol];
      if (port) ports.add(port);
    } catch {
      // Checked as URLs above; a postgres URL that URL cannot read reserves nothing more.
    }
  }
  return [...ports].sort((a, b) => a - b);
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = withGatewayRules.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
