import type { AnswerSource, AnswerStep, AnswerUsage, ConversationChannel } from '@agent-console/contracts';
import type { Db } from '../../../db/client';
import type { WorkMetrics } from '../../../http/app-deps';
import type { EmbeddingClient } from '../../../integrations/embedding';
import type { ChatLlm, LlmResponseFormat } from '../../../integrations/llm';
import type { Clock } from '../../../lib/clock';
import type { MailDeps } from '../../notify/mail/mail-settings';

/**
 * The answering pipeline's contract (WAVE2 §15.5). The app API, the chat bubble and auto-replies
 * all call `answer()` (or `respond()`, which also stores it) with these shapes.
 */
export type { AnswerSource, AnswerStep, AnswerUsage, LlmResponseFormat };

/** What the pipeline needs: the database, and the LLM when one is configured (null: built-in answerer). */
export interface AgentDeps {
  db: Db;
  llm?: ChatLlm | null;
  /** The embedding model (`EMBEDDING_MODEL`); absent or null: retrieval by words alone. */
  embeddings?: EmbeddingClient | null | undefined;
  logger?: { warn(obj: object, msg: string): void };
  /** For the usage mails at 80 % and 100 % of the quota; without it they are not sent. */
  mail?: MailDeps | undefined;
  /** The month an answer is metered in; the system clock when absent. */
  clock?: Clock | undefined;
  /** The app's Prometheus metrics: answers by step and channel, model failures covered. */
  metrics?: Pick<WorkMetrics, 'answered' | 'llmFellBack'> | undefined;
}

/** One turn of a conversation, as plain text. */
export interface AgentMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelParams {
  temperature?: number | null;
  maxTokens?: number | null;
  stop?: readonly string[] | null;
  responseFormat?: LlmResponseFormat | null;
}

export interface AnswerRequest {
  /** Whose knowledge answers: the app's customer. */
  customerId: number;
  /** The app answering; its `agent` configuration and main prompt are read for this answer. */
  appId: number;
  /** The conversation so far; the last user turn is the question. */
  messages: readonly AgentMessage[];
  /** Who asks, for the metrics: a contact, the console's bubble, or an app's API. */
  channel?: ConversationChannel;
  /**
   * The model's parameters an app's API caller set (issue 36); they apply to the model's answer
   * (not to a QA, a quote or the fallback), over the app's own `llm.temperature`.
   */
  modelParams?: ModelParams;
  /** Each piece of the answer as it is written (the LLM's stream, or the finished answer in pieces). */
  onDelta?: (piece: string) => void;
  signal?: AbortSignal;
}

export interface AgentAnswer {
  content: string;
  sources: AnswerSource[];
  /** Nothing relevant was found: a person should take over this conversation. */
  needsPerson: boolean;
  step: AnswerStep;
  usage: AnswerUsage;
  /** From the call to the finished answer. */
  latencyMs: number;
}
