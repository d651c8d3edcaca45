import type { Language } from '@agent-console/contracts';
import type { LlmChatMessage, LlmResponseFormat } from '../../../integrations/llm';
import { readRoleConfig } from '../../config/ai-role/role-config';
import type { AgentConfig } from '../../config/app-config/agent-config';
import type { AgentDeps, AgentMessage, AnswerSource } from './agent-types';
import { sourcesOf } from './answer-sources';
import { GroundedStream, isNoAnswer } from './grounding';
import type { ScoredUnit } from './knowledge-index';
import { knowledgeContext } from './llm-context';
import { llmMessages, smallTalkMessages, standaloneMessages } from './llm-prompt';
import type { Retrieval } from './retrieval';

/**
 * How the app's model is called: its `llm.model`, `llm.temperature` and history length, and what
 * an app's API caller set for the answer (the rewrite of a follow-up keeps its own settings).
 */
export interface LlmOptions {
  lang: Language;
  model: string | null;
  temperature: number | null;
  maxHistory: number;
  maxTokens?: number | null;
  stop?: readonly string[] | null;
  responseFormat?: LlmResponseFormat | null;
}

interface LlmWritten {
  content: string;
  /** The model said the knowledge does not answer (NO_ANSWER): hand over. */
  noAnswer: boolean;
  promptTokens: number | null;
  completionTokens: number | null;
}

/**
 * One answer written by the LLM, streamed to `onDelta` (the NO_ANSWER signal held back, see
 * grounding.ts). A failure of the service before any piece was shown is logged and gives null,
 * so the built-in answerer replies instead; after pieces were shown a caller cannot take them
 * back, so the failure is the caller's to report. A caller hanging up is not the model's fault
 * and is not logged as one.
 */
async function llmWrite(
  deps: AgentDeps,
  request: { appId: number; onDelta?: (piece: string) => void; signal?: AbortSignal },
  messages: LlmChatMessage[],
  options: LlmOptions,
): Promise<LlmWritten | null> {
  const llm = deps.llm;
  if (!llm) return null;
  const stream = new GroundedStream(request.onDelta);
  try {
    const result = await llm.chat({
      messages,
      model: options.model,
      temperature: options.temperature,
      maxTokens: options.maxTokens ?? null,
      stop: options.stop ?? null,
      responseFormat: options.responseFormat ?? null,
      onDelta: (piece) => stream.push(piece),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    return {
      content: result.content,
      noAnswer: isNoAnswer(result.content),
      promptTokens: result.promptTokens,
      completionTokens: result.completionTokens,
    };
  } catch (err) {
    if (stream.streamed) throw err;
    if (!request.signal?.aborted) {
      deps.logger?.warn({ err, appId: request.appId }, 'LLM failed; the built-in answerer replies');
      deps.metrics?.llmFellBack();
    }
    return null;
  }
}

/** Longest standalone question taken from the model; a longer reply is not a question. */
const STANDALONE_MAX = 500;

/**
 * A follow-up rewritten by the model into a question that stands alone (issue 33), for retrieval
 * only: the customer never sees it. Null when the model fails or answers something else, and the
 * follow-up is then searched with the turn before it, as without a model.
 */
export async function standaloneQuestion(
  deps: AgentDeps,
  request: { appId: number; messages: readonly AgentMessage[]; signal?: AbortSignal },
  options: LlmOptions,
): Promise<{ question: string; promptTokens: number | null; completionTokens: number | null } | null> {
  const llm = deps.llm;
  if (!llm) return null;
  try {
    const result = await llm.chat({
      messages: standaloneMessages(request.messages),
      model: options.model,
      temperature: 0,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const question = result.content.trim().split('\n')[0]?.trim() ?? '';
    if (!question || question.length > STANDALONE_MAX || isNoAnswer(question)) return null;
    return { question, promptTokens: result.promptTokens, completionTokens: result.completionTokens };
  } catch (err) {
    if (!request.signal?.aborted) {
      deps.logger?.warn({ err, appId: request.appId }, 'LLM could not rewrite a follow-up; searched as it is');
    }
    return null;
  }
}

/** Token counts of one model call, when the service reports them. */
export interface ModelUsage {
  promptTokens: number | null;
  completionTokens: number | null;
}

/**
 * Step 3 with an LLM (issue 33): a greeting or small talk is answered briefly, without knowledge;
 * otherwise the candidates reaching `llmMinCoverage` (or, found by meaning, `vectorMinSimilarity`)
 * go to the model whole, best first (the fused order: hybrid-ranking.ts), within
 * `contextTokens` (llm-context.ts), and it answers from them or hands over (`answer` null). Null
 * when the model is not asked (no candidate reaches the bar) or failed before its first piece:
 * then the built-in answerer decides.
 */
export async function modelAnswer(
  deps: AgentDeps,
  request: {
    appId: number;
    messages: readonly AgentMessage[];
    onDelta?: (piece: string) => void;
    signal?: AbortSignal;
  },
  retrieval: Retrieval,
  config: AgentConfig,
  options: LlmOptions,
): Promise<{ answer: { content: string; sources: AnswerSource[] } | null; usage: ModelUsage } | null> {
  let used: ScoredUnit[] = [];
  let knowledge: string[] | null = null;
  if (retrieval.decision.reason !== 'noQuestion') {
    // The model reads more than the built-in answerer would quote, and says when none of it answers.
    const offered = retrieval.candidates.filter(
      (c) => c.coverage >= config.llmMinCoverage || (c.similarity ?? 0) >= config.vectorMinSimilarity,
    );
    const context = knowledgeContext(
      offered.map((c) => c.unit),
      config.contextTokens,
      config.topK,
    );
    if (!context.length) return null;
    used = context.map((block) => offered[block.index] as ScoredUnit);
    knowledge = context.map((block) => block.text);
  }
  const { mainPrompt } = await readRoleConfig(deps.db, request.appId);
  const history = { mainPrompt, lang: options.lang, messages: request.messages, maxHistory: options.maxHistory };
  const messages = knowledge ? llmMessages({ ...history, knowledge }) : smallTalkMessages(history);
  const written = await llmWrite(deps, request, messages, options);
  if (!written) return null;
  return { answer: written.noAnswer ? null : { content: written.content, sources: sourcesOf(used) }, usage: written };
}
