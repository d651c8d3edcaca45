import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { ChatLlm, QaMiner } from '../integrations/llm';
import type { GatewayConfig } from '../integrations/messaging-gateway/gateway';
import type { Clock } from '../lib/clock';
import type { SecretBox } from '../lib/secret-box';
import type { ObjectStorage } from '../storage';

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
  /** Object storage for uploads; absent in tests that upload nothing. */
  storage?: ObjectStorage;
  /** QA miner for documents; the built-in local miner when absent. */
  miner?: QaMiner;
  /** The agent's LLM (`LLM_BASE_URL`); absent or null: the built-in answerer replies. */
  llm?: ChatLlm | null;
  /** Address the listeners of running apps bind (`APPS_HOST`); 127.0.0.1 when absent. */
  appsHost?: string;
  /** The time of calendar facts (usage months, follow-up schedules; lib/clock.ts); the system clock when absent. */
  clock?: Clock;
  /** Seals and opens stored secrets (the SMTP password): SECRET_KEY or the key kept in DATA_DIR. */
  secretBox: SecretBox;
  /** The messaging gateway (`GATEWAY_*`); absent in tests that reach no gateway. */
  gateway?: GatewayConfig;
  /**
   * The console's address as the messaging gateway reaches it (`PUBLIC_URL`): the file links of
   * file messages start with it. The address the console listens on when absent.
   */
  publicUrl?: string;
  /**
   * Overrides of the pacing policy of every send (modules/chat-message/pacing-policy.ts, whose
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
