import type { ChatLlm } from './chat-llm';
import { createLocalMiner } from './local-miner';
import { createOpenAiChat } from './openai-chat';
import { createOpenAiMiner } from './openai-miner';
import type { QaMiner } from './qa-miner';

export { CallScope, type CallScopeOptions } from './call-scope';
export {
  type ChatLlm,
  type LlmChatMessage,
  type LlmChatRequest,
  type LlmChatResult,
  LlmError,
  type LlmErrorKind,
  type LlmResponseFormat,
} from './chat-llm';
export {
  BREAKER_DEFAULTS,
  type BreakerState,
  type BreakerView,
  CircuitBreaker,
  type CircuitBreakerOptions,
} from './circuit-breaker';
export { createLocalMiner } from './local-miner';
export {
  CHAT_IDLE_TIMEOUT_MS,
  CHAT_TIMEOUT_MS,
  createOpenAiChat,
  type OpenAiChat,
  type OpenAiChatConfig,
} from './openai-chat';
export {
  createOpenAiMiner,
  MINER_CONNECT_TIMEOUT_MS,
  MINER_TIMEOUT_MS,
  type OpenAiConfig,
  type OpenAiMiner,
} from './openai-miner';
export { CONNECT_TIMEOUT_MS, callProvider, type ProviderCallOptions } from './provider-call';
export { type MinedQa, MinerError, type MinerInput, type QaMiner } from './qa-miner';
export { RETRY_DEFAULTS, type RetryPolicy } from './retry-policy';
export { stripThink, ThinkFilter } from './think-filter';

export interface LlmEnv {
  LLM_BASE_URL?: string | undefined;
  LLM_API_KEY?: string | undefined;
  LLM_MODEL: string;
}

/** The OpenAI-compatible miner when LLM_BASE_URL is set, otherwise the built-in local one. */
export function createMiner(env: LlmEnv): QaMiner {
  if (!env.LLM_BASE_URL) return createLocalMiner();
  return createOpenAiMiner({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL });
}

/** The agent's LLM when LLM_BASE_URL is set; null means the built-in answerer replies. */
export function createChatLlm(env: LlmEnv): ChatLlm | null {
  if (!env.LLM_BASE_URL) return null;
  return createOpenAiChat({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL });
}
