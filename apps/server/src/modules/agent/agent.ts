import type { Language } from '@agent-console/contracts';
import { nowOf } from '../../lib/clock';
import { readRoleConfig } from '../ai-role/role-config';
import { readAgentConfig } from '../app-config/agent-config';
import { checkQuota, quotaAlerts } from '../usage/quota-guard';
import type { AgentAnswer, AgentDeps, AgentMessage, AnswerRequest, AnswerSource } from './agent-types';
import { type FoundFragment, topFragments } from './fragment-search';
import { folderSubtree } from './knowledge-scope';
import { llmMessages } from './llm-prompt';
import { pickPassages } from './passages';
import { bestQa } from './qa-match';
import { questionWords } from './question-words';
import { BUILT_IN_FALLBACK, replyLanguage, sourcesLine } from './reply-language';
import { streamPieces } from './stream-pieces';

export type {
  AgentAnswer,
  AgentDeps,
  AgentMessage,
  AnswerRequest,
  AnswerSource,
  AnswerStep,
} from './agent-types';

/**
 * A fragment is relevant when it holds at least this share of the question's word weight: for a
 * question with two meaningful words, one of them. Below it, the built-in answerer would quote
 * text that merely shares a word with the question.
 */
export const MIN_FRAGMENT_COVERAGE = 0.5;

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
 *  1. the customer's QA most like the question, at or above `qaMatchThreshold`, is the answer;
 *  2. otherwise the `topK` most relevant fragments; with an LLM, it writes the answer from them,
 *     the main prompt and the last `maxHistoryMessages` turns, streamed;
 *  3. without an LLM (or when it fails), the built-in answerer replies with their best sentences
 *     and names their documents;
 *  4. with nothing relevant, `fallbackReply` (or a built-in sentence in the question's language),
 *     flagged as needing a person.
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
  const { db } = deps;
  const config = await readAgentConfig(db, request.appId);
  const question = questionOf(request.messages);
  const lang = replyLanguage(question);
  const folders = config.knowledgeFolders.length
    ? await folderSubtree(db, request.customerId, config.knowledgeFolders)
    : null;

  if (question) {
    const qa = await bestQa(db, { customerId: request.customerId, question, folders });
    if (qa && qa.score >= config.qaMatchThreshold) {
      return {
        content: qa.answer,
        sources: [{ kind: 'qa', qaId: qa.id, question: qa.question, score: round(qa.score) }],
        needsPerson: false,
        step: 'qa',
      };
    }

    const words = questionWords(question);
    const fragments = (
      await topFragments(db, { customerId: request.customerId, words, topK: config.topK, folders })
    ).filter((fragment) => fragment.coverage >= MIN_FRAGMENT_COVERAGE);
    if (fragments.length && deps.llm) {
      const written = await llmAnswer(deps, request, fragments, {
        lang,
        model: config.llmModel,
        temperature: config.llmTemperature,
        maxHistory: config.maxHistoryMessages,
      });
      if (written) return written;
    }
    const passages = pickPassages(fragments, words);
    if (passages.length) {
      const sources = documentSources(
        fragments,
        passages.map((p) => p.fragmentId),
      );
      const names = sources.flatMap((s) => (s.kind === 'document' ? [s.name] : []));
      const content = `${passages.map((p) => p.text).join('\n\n')}\n\n${sourcesLine(names, lang)}`;
      return { content, sources, needsPerson: false, step: 'knowledge' };
    }
  }

  return {
    content: config.fallbackReply || BUILT_IN_FALLBACK[lang],
    sources: [],
    needsPerson: true,
    step: 'fallback',
  };
}

/**
 * Step 2 with an LLM. A failure of the service (unreachable, an error, an empty reply) is logged
 * and the built-in answerer replies instead, unless part of the reply was already streamed: a
 * caller cannot take back what it has shown, so then the failure is the caller's to report.
 */
async function llmAnswer(
  deps: AgentDeps,
  request: AnswerRequest,
  fragments: FoundFragment[],
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
        fragments,
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
      sources: documentSources(
        fragments,
        fragments.map((f) => f.id),
      ),
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

/** The documents of the fragments used, one source per document, in the order first used. */
function documentSources(fragments: readonly FoundFragment[], used: readonly number[]): AnswerSource[] {
  const sources: AnswerSource[] = [];
  for (const id of used) {
    const fragment = fragments.find((f) => f.id === id);
    if (!fragment) continue;
    const known = sources.find((s) => s.kind === 'document' && s.fileId === fragment.fileId);
    if (known?.kind === 'document') known.fragmentIds.push(fragment.id);
    else
      sources.push({
        kind: 'document',
        fileId: fragment.fileId,
        name: fragment.fileName,
        fragmentIds: [fragment.id],
        score: round(fragment.coverage),
      });
  }
  return sources;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
