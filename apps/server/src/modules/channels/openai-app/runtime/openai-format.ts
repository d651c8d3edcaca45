import { randomUUID } from 'node:crypto';
import { type ChatMessageInput, FIELD_REASONS, type FieldReason, type OpenAiErrorBody } from '@agent-console/contracts';
import type { z } from 'zod';
import type { AgentAnswer, AgentMessage } from '../../../agent/answer/agent';
import { estimatePromptTokens, estimateTokens } from './token-estimate';

/**
 * The wire shapes of OpenAI's chat API, as its official clients read them: errors, completions
 * and the chunks of a streamed completion.
 */

export function openAiError(message: string, type: string, code: string | null = null, param: string | null = null) {
  return { error: { message, type, param, code } } satisfies OpenAiErrorBody;
}

/** The first problem of a refused body, in words: `messages.0.role has an invalid value`. */
export function describeIssue(error: z.ZodError): { message: string; param: string | null } {
  const issue = error.issues[0];
  if (!issue) return { message: 'The request body is not valid.', param: null };
  const param = issue.path.length ? issue.path.join('.') : null;
  const reason = (issue.message in FIELD_REASONS ? issue.message : 'invalidValue') as FieldReason;
  return { message: `${param ?? 'The request body'} ${FIELD_REASONS[reason].en}.`, param };
}

/**
 * The conversation as the agent reads it: text parts only, `developer` as `system`, tool results
 * left out (an app calls no tools).
 */
export function toAgentMessages(messages: readonly ChatMessageInput[]): AgentMessage[] {
  const out: AgentMessage[] = [];
  for (const message of messages) {
    if (message.role === 'tool' || message.role === 'function') continue;
    const content =
      typeof message.content === 'string'
        ? message.content
        : (message.content ?? []).flatMap((part) => (part.type === 'text' && part.text ? [part.text] : [])).join('\n');
    out.push({ role: message.role === 'developer' ? 'system' : message.role, content });
  }
  return out;
}

/**
 * What the pipeline did, beside the OpenAI fields: clients that know it can show the sources or
 * hand the conversation to a person; OpenAI clients keep unknown fields and ignore them.
 */
function agentInfo(result: AgentAnswer) {
  return { step: result.step, needs_person: result.needsPerson, sources: result.sources };
}

/** OpenAI's `usage` of one answer. */
export interface OpenAiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/**
 * The usage of an answer: the model's own counts when it wrote the answer and reported them,
 * otherwise estimated from the conversation and the reply (token-estimate.ts).
 */
export function usageOf(messages: readonly AgentMessage[], result: AgentAnswer): OpenAiUsage {
  const prompt = result.usage.promptTokens ?? estimatePromptTokens(messages);
  const completion = result.usage.completionTokens ?? estimateTokens(result.content);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export interface CompletionMeta {
  id: string;
  created: number;
  model: string;
  /** The caller asked for the usage at the end of the stream. */
  includeUsage: boolean;
}

export function completionMeta(model: string, includeUsage = false): CompletionMeta {
  return {
    id: `chatcmpl-${randomUUID().replaceAll('-', '')}`,
    created: Math.floor(Date.now() / 1000),
    model,
    includeUsage,
  };
}

export function completionBody(meta: CompletionMeta, result: AgentAnswer, usage: OpenAiUsage) {
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: result.content, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage,
    agent: agentInfo(result),
  };
}

/**
 * One server-sent event of a streamed completion. With `stream_options.include_usage` every chunk
 * carries `usage: null`, as OpenAI's do, and `usageEvent` ends the stream with the figures.
 */
export function chunkEvent(
  meta: CompletionMeta,
  delta: { role?: 'assistant'; content?: string },
  finish: AgentAnswer | null = null,
): string {
  const chunk = {
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish ? 'stop' : null }],
    ...(meta.includeUsage ? { usage: null } : {}),
    ...(finish ? { agent: agentInfo(finish) } : {}),
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** The last chunk before [DONE] when the caller asked for the usage: no choices, the figures. */
export function usageEvent(meta: CompletionMeta, usage: OpenAiUsage): string {
  const chunk = {
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    choices: [],
    usage,
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

export const DONE_EVENT = 'data: [DONE]\n\n';
