import { nowOf } from '../../../lib/clock';
import { AGENT_CONFIG_DEFAULTS, type AgentConfig, readAgentConfig } from '../../config/app-config/agent-config';
import { checkQuota, quotaAlerts } from '../../config/usage/quota-guard';
import type { AgentAnswer, AgentDeps, AgentMessage, AnswerRequest } from './agent-types';
import { answerUnitsIn } from './answer.repo';
import { sourcesOf } from './answer-sources';
import { folderSubtree } from './knowledge-scope';
import { type LlmOptions, modelAnswer, standaloneQuestion } from './llm-answer';
import { searchedQuestion } from './message-question';
import { quotePassage } from './passages';
import { BUILT_IN_FALLBACK, replyLanguage } from './reply-language';
import { type Retrieval, retrieve } from './retrieval';
import { streamPieces } from './stream-pieces';

export type {
  AgentAnswer,
  AgentDeps,
  AgentMessage,
  AnswerRequest,
  AnswerSource,
  AnswerStep,
  ModelParams,
} from './agent-types';

/** The question of a conversation: the text of its last user turn. */
export function questionOf(messages: readonly AgentMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user' && message.content.trim()) return message.content.trim();
  }
  return '';
}

type Draft = Omit<AgentAnswer, 'latencyMs' | 'usage'> & {
  promptTokens?: number | null;
  completionTokens?: number | null;
};

/**
 * The answering pipeline (WAVE2 §15.5), one entry for every caller. The app's `agent`
 * configuration and main prompt are read on every call, so a saved change applies to the very
 * next answer.
 *  1. one retrieval over the customer's QA and document passages ranks them on one scale, and
 *     the decision (answer-decision.ts) says whether the best one clearly answers; with an LLM, a
 *     follow-up is first rewritten into a question that stands alone;
 *  2. a QA that answers is the answer;
 *  3. with an LLM, the model answers from the candidates it is given (llm-answer.ts), streamed,
 *     or hands over; without one (or when it fails), the built-in answerer quotes the passage
 *     that answers;
 *  4. otherwise `fallbackReply` (or a built-in sentence in the question's language), flagged as
 *     needing a person.
 * Sources travel as data, never in the text: a channel that cannot show them adds the line itself.
 * Answers known in full are handed to `onDelta` in pieces too, so every caller streams alike.
 *
 * Before anything, the customer's monthly quota (WAVE2 §15.6): at or over it, nothing is answered
 * and A0605 is thrown; every caller goes through here, so none can skip the check. After the
 * answer, the 80 % and 100 % thresholds it reached are mailed once a month.
 */
export async function answer(deps: AgentDeps, request: AnswerRequest): Promise<AgentAnswer> {
  const started = performance.now();
  const quotaDeps = { db: deps.db, mail: deps.mail, unitsUsed: answerUnitsIn };
  const quota = await checkQuota(quotaDeps, request.customerId, nowOf(deps));
  const draft = await draftAnswer(deps, request);
  if (quota.quota !== null) await quotaAlerts(quotaDeps, quota, quota.used + 1);
  if (draft.step !== 'llm' && request.onDelta) for (const piece of streamPieces(draft.content)) request.onDelta(piece);
  const { promptTokens = null, completionTokens = null, ...rest } = draft;
  const latencyMs = Math.round(performance.now() - started);
  if (request.channel) deps.metrics?.answered(draft.step, request.channel, latencyMs / 1000);
  return { ...rest, usage: { units: 1, promptTokens, completionTokens }, latencyMs };
}

async function draftAnswer(deps: AgentDeps, request: AnswerRequest): Promise<Draft> {
  return (await explainedDraft(deps, request)).draft;
}

/**
 * The answer and how it was reached: the retrieval (question searched, ranked candidates) and
 * the decision. The test panel shows all of it; `answer()` keeps the draft.
 */
export async function explainedDraft(
  deps: AgentDeps,
  request: Omit<AnswerRequest, 'appId'> & { appId: number | null },
): Promise<{ draft: Draft; retrieval: Retrieval; config: AgentConfig }> {
  const { db } = deps;
  const config = request.appId === null ? AGENT_CONFIG_DEFAULTS : await readAgentConfig(db, request.appId);
  const turns = userTurns(request.messages);
  const lang = replyLanguage(turns.at(-1) ?? '');
  const folders = config.knowledgeFolders.length
    ? await folderSubtree(db, request.customerId, config.knowledgeFolders)
    : null;
  const params = request.modelParams ?? {};
  const llmOptions: LlmOptions = {
    lang,
    model: config.llmModel,
    temperature: params.temperature ?? config.llmTemperature,
    maxHistory: config.maxHistoryMessages,
    maxTokens: params.maxTokens ?? null,
    stop: params.stop ?? null,
    responseFormat: params.responseFormat ?? null,
  };
  const appId = deps.llm ? request.appId : null;
  const tokens = new TokenCount();
  // With a model, a follow-up is rewritten before the one search; without one (or when the
  // rewrite fails) it is searched with the turn before it.
  let question = searchedQuestion(turns);
  if (appId !== null && question.earlier) {
    const standalone = await standaloneQuestion(deps, { ...request, appId }, llmOptions);
    if (standalone) {
      tokens.add(standalone);
      question = searchedQuestion([standalone.question]);
    }
  }
  const retrieval = await retrieve(db, {
    customerId: request.customerId,
    question,
    folders,
    thresholds: config,
    embeddings: deps.embeddings,
    signal: request.signal,
  });
  // Token counts are those of every model call made for this answer, whichever step answers.
  const done = (draft: Draft) => ({ draft: { ...draft, ...tokens.counts }, retrieval, config });
  const fallback: Draft = {
    content: config.fallbackReply || BUILT_IN_FALLBACK[lang],
    sources: [],
    needsPerson: true,
    step: 'fallback',
  };
  const chosen = retrieval.decision.chosen;
  if (chosen?.unit.kind === 'qa') {
    return done({ content: chosen.unit.text, sources: sourcesOf([chosen]), needsPerson: false, step: 'qa' });
  }
  if (appId !== null) {
    const modelled = await modelAnswer(deps, { ...request, appId }, retrieval, config, llmOptions);
    if (modelled) {
      tokens.add(modelled.usage);
      return done(modelled.answer ? { ...modelled.answer, needsPerson: false, step: 'llm' } : fallback);
    }
  }
  if (!chosen) return done(fallback);
  const content = quotePassage(chosen.unit.text, retrieval.quoteTerms);
  return done({ content, sources: sourcesOf([chosen]), needsPerson: false, step: 'knowledge' });
}

/** The text of the user turns, oldest first: the last is the question, the others its context. */
function userTurns(messages: readonly AgentMessage[]): string[] {
  return messages.filter((m) => m.role === 'user' && m.content.trim()).map((m) => m.content.trim());
}

/** The tokens of the model's calls for one answer (a rewrite and the answer), null while none reported. */
class TokenCount {
  private prompt: number | null = null;
  private completion: number | null = null;

  add(call: { promptTokens: number | null; completionTokens: number | null }): void {
    if (call.promptTokens !== null) this.prompt = (this.prompt ?? 0) + call.promptTokens;
    if (call.completionTokens !== null) this.completion = (this.completion ?? 0) + call.completionTokens;
  }

  get counts(): { promptTokens: number | null; completionTokens: number | null } {
    return { promptTokens: this.prompt, completionTokens: this.completion };
  }
}
