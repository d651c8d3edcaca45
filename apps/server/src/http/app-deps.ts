import type { PermissionCode } from '@agent-console/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { MenuPlacement } from '../db/seed/menu-tree';
import type { EmbeddingClient } from '../integrations/embedding';
import type { ChatLlm, QaMiner } from '../integrations/llm';
import type { GatewayConfig } from '../integrations/messaging-gateway/gateway';
import type { JobHandler } from '../jobs/registry';
import type { BackgroundTasks } from '../lib/background-tasks';
import type { Clock } from '../lib/clock';
import type { SecretBox } from '../lib/secret-box';
import type { ObjectStorage } from '../storage';

/**
 * What the modules' work reports to the app's Prometheus metrics (`ConsoleMetrics` of
 * modules/system/health/metrics-registry.ts implements it; spelled out here because http/ may not import a
 * module). Absent where a module runs without an app (tools, unit tests): every report is one
 * `deps.metrics?.…` call.
 */
export interface WorkMetrics {
  /** One run of the document pipeline ended, whatever its outcome, after this many seconds. */
  documentProcessed(seconds: number): void;
  /** One send to the messaging gateway ended. */
  gatewaySend(result: 'ok' | 'failed'): void;
  /** The agent wrote an answer to a contact's message in this many seconds. */
  agentAnswered(seconds: number): void;
  /**
   * The agent answered (any channel; the test panel is not counted): its step (qa, knowledge,
   * llm, fallback), the channel (contact, bubble, api, widget), and the seconds it took.
   */
  answered(step: string, channel: string, seconds: number): void;
  /** The language model failed before its first piece and the built-in answerer replied instead. */
  llmFellBack(): void;
  /** One call to a model service ended: `ok` or the kind of its failure (integrations/llm). */
  modelCall(client: ModelClient, outcome: string, seconds: number): void;
  /**
   * One call to an app's API ended (issue 36): the app's id, the route's pattern (`unknown` for
   * none), the status and the seconds; a 4xx is also counted as a refusal: by the reason given,
   * else by its status (appRefusalOf).
   */
  appRequest(app: number, route: string, status: number, seconds: number, refusal?: AppRefusal): void;
  /** An app's API answered (streamed or not) by this step. */
  appAnswered(app: number, step: string): void;
}

/**
 * Why an app's API refused a call: 401 key, 403 origin, 429 quota, other 4xx input; `rate` is a
 * widget visitor over their rate (also a 429, so the listener names it).
 */
export type AppRefusal = 'key' | 'origin' | 'quota' | 'rate' | 'input';

/** The model services the console calls: the chat model, the QA miner and the embedding model. */
export type ModelClient = 'chat' | 'miner' | 'embedding';

/** What the composition root (app.ts) hands to every module's routes. */
export interface AppDeps {
  database: Database;
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
  loginRateLimit: number;
  /** Answers of the chat bubble per user and minute (`CHAT_RATE_LIMIT`); 20 when absent. */
  chatRateLimit?: number;
  /** Background jobs (pg-boss), started by the caller; absent in tests that need none. */
  boss?: PgBoss;
  /** pino instance; API tests run without one. */
  logger?: FastifyBaseLogger;
  trustProxy?: boolean;
  /** Every answer is also checked against its contract before it is written (the tests; http/answer-serializer.ts). */
  checkAnswers?: boolean;
  /** Object storage for uploads; absent in tests that upload nothing. */
  storage?: ObjectStorage;
  /** QA miner for documents; the built-in local miner when absent. */
  miner?: QaMiner;
  /** The agent's LLM (`LLM_BASE_URL`); absent or null: the built-in answerer replies. */
  llm?: ChatLlm | null;
  /**
   * The embedding model (`EMBEDDING_MODEL`); absent or null: the agent retrieves by words alone
   * and no vectors are written.
   */
  embeddings?: EmbeddingClient | null;
  /** Texts per call while vectors are written in the background (`EMBEDDING_BATCH_SIZE`); 32 when absent. */
  embeddingBatchSize?: number;
  /** Address the listeners of running apps bind (`APPS_HOST`); 127.0.0.1 when absent. */
  appsHost?: string;
  /**
   * The ports apps may take (`APP_PORTS`) and those they never may (the console's own, its
   * services', `APP_RESERVED_PORTS`); 20000–32767 and none when absent.
   */
  appPorts?: { range: { min: number; max: number }; reserved: readonly number[] };
  /** The time of calendar facts (usage months, follow-up schedules; lib/clock.ts); the system clock when absent. */
  clock?: Clock;
  /** Seals and opens stored secrets (the SMTP password): SECRET_KEY or the key kept in DATA_DIR. */
  secretBox: SecretBox;
  /** The bearer token of `GET /metrics` (`METRICS_TOKEN`); without it /metrics answers 404. */
  metricsToken?: string;
  /** The app's metrics, one set per app: set by buildApp (a caller's value is replaced). */
  metrics?: WorkMetrics;
  /**
   * Work started beside the requests, which the app's close waits for: set by buildApp (a
   * caller's value is replaced); absent where a module runs without an app (tools, unit tests).
   */
  tasks?: BackgroundTasks;
  /** The messaging gateway (`GATEWAY_*`); absent in tests that reach no gateway. */
  gateway?: GatewayConfig;
  /** Demo mode (`npm run demo`, docs/demo.md): the demo login exists only then. */
  demo?: boolean;
  /**
   * The console's address as the messaging gateway reaches it (`PUBLIC_URL`): the file links of
   * file messages start with it. The address the console listens on when absent.
   */
  publicUrl?: string;
  /**
   * Overrides of the pacing policy of every send (modules/messaging/outbox/pacing-policy.ts, whose
   * defaults apply to what is left out); tests make it fast. Spelled out here because http/ may
   * not import a module.
   */
  pacing?: {
    minGapMs?: number;
    jitterMs?: number;
    perCharMs?: number;
    maxTypingMs?: number;
    dailyCap?: number;
    warmUp?: readonly { withinHours: number; cap: number }[];
    backoffBaseMs?: number;
    backoffMaxMs?: number;
  };
}

/** One module's routes, registered by the composition root. */
export type ModuleRoutes = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

/** A contract's permission codes by action: `{ list: 'system:post:list', add: … }` (`POST_PERMISSIONS`). */
export type PermissionGroup = Readonly<Record<string, PermissionCode>>;

/**
 * A feature's declaration (`modules/<context>/<feature>/module.ts`), listed once in `MODULES`
 * (src/modules.ts): the composition root registers its routes, the job screen offers its
 * scheduled-job handlers and the seed writes its pages into the menu (src/menu.ts). Registering
 * them starts nothing: workers start in background.ts.
 */
export interface FeatureModule {
  /** `<context>/<feature>`, its folder under modules/. */
  name: string;
  /**
   * The tables this feature owns (SQL names): it creates their rows and answers for them. Another
   * feature reaching into them is a crossing that the table-ownership test refuses unless it is
   * one of the known ones still to be moved behind the owner's repository.
   */
  tables: readonly string[];
  routes: readonly ModuleRoutes[];
  jobHandlers?: readonly JobHandler[];
  /**
   * The permission groups this feature owns: the codes its pages' buttons carry and its routes
   * declare. Each group has one owner; a route may still check a code another feature owns (the
   * post screen's user picker needs `system:user:list`). Every code a route declares is in some
   * feature's groups (http/route-matrix.test.ts), and every code of its pages in its own (src/menu.test.ts).
   */
  permissions: readonly PermissionGroup[];
  /** Its screens in the seeded menu, with their buttons, each under a directory of MENU_SKELETON. */
  menu?: readonly MenuPlacement[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background tasks (app.ts), for what a request leaves running after its answer. */
    backgroundTasks: BackgroundTasks;
  }
}
