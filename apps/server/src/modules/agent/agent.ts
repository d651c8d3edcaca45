import type { Language } from '@agent-console/contracts';
import { nowOf } from '../../lib/clock';
import { readRoleConfig } from '../ai-role/role-config';
import { AGENT_CONFIG_DEFAULTS, type AgentConfig, readAgentConfig } from '../app-config/agent-config';
import { checkQuota, quotaAlerts } from '../usage/quota-guard';
import type { AgentAnswer, AgentDeps, AgentMessage, AnswerRequest, AnswerSource } from './agent-types';
import type { ScoredUnit } from './knowledge-index';
import { folderSubtree } from './knowledge-scope';
import { llmMessages } from './llm-prompt';
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
 *     the decision (answer-decision.ts) says whether the best one clearly answers;
 *  2. a QA that answers is the answer;
 *  3. a passage that answers: with an LLM, it writes the answer from the `topK` relevant
 *     passages, the main prompt and the last `maxHistoryMessages` turns, streamed; without one
 *     (or when it fails), the built-in answerer quotes the passage;
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
  const quotaDeps = { db: deps.db, mail: deps.mail };
  const quota = await checkQuota(quotaDeps, request.customerId, nowOf(deps));
  const draft = await draftAnswer(deps, request);
  if (quota.quota !== null) await quotaAlerts(quotaDeps, quota, quota.used + 1);
  if (draft.step !== 'llm' && request.onDelta) for (const piece of streamPieces(draft.content)) request.onDelta(piece);
  const { promptTokens = null, completionTokens = null, ...rest } = draft;
  return {
    ...rest,
    usage: { units: 1, promptTokens, completionTokens },
    latencyMs: Math.round(performance.now() - started),
  };
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
  const retrieval = await retrieve(db, { customerId: request.customerId, turns, folders, thresholds: config });
  const chosen = retrieval.decision.chosen;
  const fallback: Draft = {
    content: config.fallbackReply || BUILT_IN_FALLBACK[lang],
    sources: [],
    needsPerson: true,
    step: 'fallback',
  };
  if (!chosen) return { draft: fallback, retrieval, config };
  if (chosen.unit.kind === 'qa') {
    const draft: Draft = {
      content: chosen.unit.text,
      sources: [{ kind: 'qa', qaId: chosen.unit.id, question: chosen.unit.title ?? '', score: round(chosen.score) }],
      needsPerson: false,
      step: 'qa',
    };
    return { draft, retrieval, config };
  }
  const passages = retrieval.candidates
    .filter((c) => c.unit.kind === 'fragment' && c.coverage >= config.minCoverage)
    .slice(0, config.topK);
  if (deps.llm && request.appId !== null) {
    const written = await llmAnswer(deps, { ...request, appId: request.appId }, passages, {
      lang,
      model: config.llmModel,
      temperature: config.llmTemperature,
      maxHistory: config.maxHistoryMessages,
    });
    if (written) return { draft: written, retrieval, config };
  }
  const draft: Draft = {
    content: quotePassage(chosen.unit.text, retrieval.quoteTerms),
    sources: documentSources([chosen]),
    needsPerson: false,
    step: 'knowledge',
  };
  return { draft, retrieval, config };
}

/** The text of the user turns, oldest first: the last is the question, the others its context. */
function userTurns(messages: readonly AgentMessage[]): string[] {
  return messages.filter((m) => m.role === 'user' && m.content.trim()).map((m) => m.content.trim());
}

/**
 * Step 2 with an LLM. A failure of the service (unreachable, an error, an empty reply) is logged
 * and the built-in answerer replies instead, unless part of the reply was already streamed: a
 * caller cannot take back what it has shown, so then the failure is the caller's to report.
 */
async function llmAnswer(
  deps: AgentDeps,
  request: AnswerRequest,
  passages: readonly ScoredUnit[],
  options: { lang: Language; model: string | null; temperature: number | null; maxHistory: number },
): Promise<Draft | null> {
  const llm = deps.llm;
  if (!llm) return null;
  const { mainPrompt } = await readRoleConfig(deps.db, request.appId);
  let streamed = false;
  try {
    const result = await llm.chat({
      messages: llmMessages({
        mainPrompt,
        lang: options.lang,
        passages: passages.map((p) => p.unit),
        messages: request.messages,
        maxHistory: options.maxHistory,
      }),
      model: options.model,
      temperature: options.temperature,
      onDelta: (piece) => {
        streamed = true;
        request.onDelta?.(piece);
      },
      ...(request.signal ? { signal: request.signal } : {}),
    });
    return {
      content: result.content,
      sources: documentSources(passages),
      needsPerson: false,
      step: 'llm',
      promptTokens: result.promptTokens,
      completionTokens: result.completionTokens,
    };
  } catch (err) {
    if (streamed) throw err;
    deps.logger?.warn({ err, appId: request.appId }, 'LLM failed; the built-in answerer replies');
    return null;
  }
}

/** The documents of the passages used, one source per document, in the order first used. */
function documentSources(passages: readonly ScoredUnit[]): AnswerSource[] {
  const sources: AnswerSource[] = [];
  for (const { unit, score } of passages) {
    if (unit.fileId === null) continue;
    const known = sources.find((s) => s.kind === 'document' && s.fileId === unit.fileId);
    if (known?.kind === 'document') {
      if (!known.fragmentIds.includes(unit.id)) known.fragmentIds.push(unit.id);
    } else {
      sources.push({
        kind: 'document',
        fileId: unit.fileId,
        name: unit.fileName ?? '',
        fragmentIds: [unit.id],
        score: round(score),
      });
    }
  }
  return sources;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
