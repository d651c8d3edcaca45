import type { ChatLlm } from '../../../../integrations/llm';
import type { AgentAnswer, AgentMessage, ModelParams } from '../../../agent/answer/agent';

/**
 * Requests chat front-ends send for their own housekeeping (issue 36): a title for the chat, tags,
 * follow-up suggestions, search queries. They arrive as ordinary chat completions, and answered as
 * a customer's question they were searched in the knowledge, flagged "needs a person" and billed.
 * They are told by their instructions, which the front-ends write the same way every time:
 *  - Open WebUI: a `### Task:` heading over the chat in `<chat_history>` tags (title, tags,
 *    follow-ups, search queries, autocompletion, emoji);
 *  - LibreChat, LobeChat, Chatbox, NextChat and others: "generate a concise … title for the
 *    conversation", "summarize the conversation … as a title", "suggest … follow-up questions".
 * A question a customer types does not read like these.
 */
/** The longest reply written for a housekeeping request: titles, tags and suggestions are short. */
export const HOUSEKEEPING_MAX_TOKENS = 300;

export type HousekeepingKind = 'title' | 'tags' | 'followUps' | 'queries' | 'other';

const TASK_HEADING = /^\s*#{2,3}\s*task\s*:/im;
const CHAT_HISTORY = /<chat_history>/i;
const TITLE =
  /\b(?:generate|create|write|give|provide|summari[sz]e)\b[^\n]{0,80}\b(?:title|headline)\b[^\n]{0,80}\b(?:conversation|chat|dialog(?:ue)?|discussion)\b|\bsummari[sz]e\b[^\n]{0,40}\b(?:conversation|chat|dialog(?:ue)?|discussion)\b[^\n]{0,60}\b(?:title|headline)\b/i;
const FOLLOW_UPS = /\bsuggest\b[^\n]{0,40}\bfollow[- ]up (?:questions|prompts)\b/i;
const TAGS = /\bgenerate\b[^\n]{0,40}\btags\b/i;
const QUERIES = /\b(?:search|retrieval) quer(?:y|ies)\b/i;

/** What kind of housekeeping a request is, or null for a customer's question. */
export function housekeepingKind(messages: readonly AgentMessage[]): HousekeepingKind | null {
  const text = messages
    .filter((m) => m.role !== 'assistant')
    .map((m) => m.content)
    .join('\n');
  const openWebUi = TASK_HEADING.test(text) && CHAT_HISTORY.test(text);
  if (!openWebUi && !TITLE.test(text) && !FOLLOW_UPS.test(text)) return null;
  if (TITLE.test(text) || /\btitle\b/i.test(text.slice(0, 400))) return 'title';
  if (FOLLOW_UPS.test(text)) return 'followUps';
  if (TAGS.test(text)) return 'tags';
  if (QUERIES.test(text)) return 'queries';
  return 'other';
}

/**
 * The model writes the front-end's answer from the request as it came: no knowledge, no stored
 * conversation, no quota, no hand-over. Its pieces stream to `onDelta`.
 */
export async function housekeepingAnswer(
  llm: ChatLlm,
  request: {
    messages: readonly AgentMessage[];
    model: string | null;
    params: ModelParams;
    signal?: AbortSignal;
    onDelta?: (piece: string) => void;
  },
): Promise<AgentAnswer> {
  const started = performance.now();
  const result = await llm.chat({
    messages: request.messages,
    model: request.model,
    temperature: request.params.temperature ?? null,
    maxTokens: request.params.maxTokens ?? null,
    stop: request.params.stop ?? null,
    responseFormat: request.params.responseFormat ?? null,
    ...(request.onDelta ? { onDelta: request.onDelta } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  return {
    content: result.content,
    sources: [],
    needsPerson: false,
    step: 'llm',
    // Not an answer to a customer: no answer unit is metered for it.
    usage: { units: 0, promptTokens: result.promptTokens, completionTokens: result.completionTokens },
    latencyMs: Math.round(performance.now() - started),
  };
}
