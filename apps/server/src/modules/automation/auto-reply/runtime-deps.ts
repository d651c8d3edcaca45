import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import type { WorkMetrics } from '../../../http/app-deps';
import type { EmbeddingClient } from '../../../integrations/embedding';
import type { ChatLlm } from '../../../integrations/llm';
import type { MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import type { Clock } from '../../../lib/clock';
import type { MailDeps } from '../../notify/mail/mail-settings';

/** What the agent's jobs work with (started as the auto-reply manifest's background work). */
export interface RuntimeDeps {
  db: Db;
  boss: PgBoss;
  /** null: the built-in answerer replies and leads are found by patterns. */
  llm: ChatLlm | null;
  /** The embedding model; null: retrieval by words alone. */
  embeddings?: EmbeddingClient | null;
  /** The gateway adapter; throws when none is configured. */
  gateway: () => MessagingGateway;
  logger?: FastifyBaseLogger;
  /** For the usage mails at 80 % and 100 % of a customer's quota. */
  mail?: MailDeps;
  /** The month answers are metered in; the system clock when absent. */
  clock?: Clock;
  /** The app's metrics (answers and their time); absent outside an app. */
  metrics?: WorkMetrics | undefined;
}
