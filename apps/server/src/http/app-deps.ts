import type { PermissionCode } from '@agent-console/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client';
import type { chatMessages } from '../db/schema';
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
  /** Answer calls of one app's API key per minute (`APP_API_RATE_LIMIT`); 600 when absent. */
  appApiRateLimit?: number;
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
 * Asked in the claim's transaction when a queued message's turn comes: a reason it must not go
 * any more (the sender then marks it failed with that reason and takes the next one), or null.
 * A feature whose queued sends may stop being wanted while they wait (follow-up: the contact
 * replied, the strategy was disabled) gives one for its source in its manifest (`sendChecks`), and
 * the senders (messaging/outbox) are handed them all, so they never import the features.
 */
export type SendCheck = (tx: Executor, message: typeof chatMessages.$inferSelect, now: Date) => Promise<string | null>;

/** How a feature's background work stops when the app closes. */
export type StopWork = () => Promise<void> | void;

/** What a feature's background work is started with. */
export interface BackgroundContext {
  app: FastifyInstance;
  deps: AppDeps;
  /** The job queue, where this instance has one (main, and tests that ask for one). */
  boss: PgBoss | null;
  /** Every feature's checks of its queued sends, by the send's source. */
  sendChecks: Readonly<Record<string, SendCheck>>;
}

/**
 * Work a feature runs beside the requests: a queue's worker, a sweep, a listener. The composition
 * root (background.ts) starts each feature's in MODULES order once the routes are registered;
 * `start` returns how to stop it, or null when there is nothing to stop or it cannot run here
 * (no job queue, no storage, no gateway).
 */
export interface BackgroundWork {
  /** What it is, in the log when it fails to stop. */
  name: string;
  /**
   * `beforeServer`: stopped before the server stops answering (Fastify's preClose), as work that
   * queues sends must be, so that nothing is queued while the senders stop; otherwise with the
   * app (onClose).
   */
  stops?: 'beforeServer' | 'withApp';
  start(context: BackgroundContext): Promise<StopWork | null> | StopWork | null;
}

/**
 * A feature's declaration (`modules/<context>/<feature>/module.ts`), listed once in `MODULES`
 * (src/modules.ts): the composition root registers its routes and starts its background work,
 * the job screen offers its scheduled-job handlers and the seed writes its pages into the menu
 * (src/menu.ts). Registering routes starts nothing: background work starts in background.ts.
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
  /** Its work beside the requests, started by background.ts. */
  background?: readonly BackgroundWork[];
  /** Checks of the sends it queues, by their source (`SendCheck`). */
  sendChecks?: Readonly<Record<string, SendCheck>>;
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
