import { randomUUID } from 'node:crypto';
import type { ResponsesRequest } from '@agent-console/contracts';
import type { AgentAnswer, AgentMessage, ModelParams } from '../../../agent/answer/agent';
import type { StreamWords } from './answer-stream';
import type { OpenAiUsage } from './openai-format';
import { jsonWithoutModel, requiredTool } from './refused-params';

/**
 * OpenAI's Responses API (`POST /v1/responses`, issue 36) over the same answering pipeline as
 * chat completions: what `@ai-sdk/openai`'s default model and the `openai` client's
 * `responses.create` send and read. An app keeps no responses (`store` is always false), so a
 * request that continues a stored one is refused by name.
 */

/** The conversation of a request: `instructions` as a system turn, then the messages of `input`. */
export function responsesMessages(body: ResponsesRequest): AgentMessage[] {
  const out: AgentMessage[] = body.instructions ? [{ role: 'system', content: body.instructions }] : [];
  if (typeof body.input === 'string') return [...out, { role: 'user', content: body.input }];
  for (const item of body.input) {
    if (!('role' in item)) continue;
    const content =
      typeof item.content === 'string'
        ? item.content
        : item.content.flatMap((part) => (part.text ? [part.text] : [])).join('\n');
    out.push({ role: item.role === 'developer' ? 'system' : item.role, content });
  }
  return out;
}

/** What an app cannot do for a Responses caller, named (see refused-params.ts for chat). */
export function refusedResponsesParameter(
  body: ResponsesRequest,
  hasModel: boolean,
): { message: string; param: string } | null {
  if (body.previous_response_id) {
    return {
      param: 'previous_response_id',
      message: 'An app keeps no responses: send the conversation in input instead of previous_response_id.',
    };
  }
  return requiredTool(body.tool_choice) ?? jsonWithoutModel('text.format', body.text?.format?.type, hasModel);
}

/** The model's parameters of a request, in the shape the agent passes on (chat completions'). */
export function responsesModelParams(body: ResponsesRequest): ModelParams {
  const format = body.text?.format;
  return {
    temperature: body.temperature ?? null,
    maxTokens: body.max_output_tokens ?? null,
    stop: null,
    responseFormat:
      format?.type === 'json_object'
        ? { type: 'json_object' }
        : format?.type === 'json_schema'
          ? { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, strict: format.strict } }
          : null,
  };
}

export interface ResponseMeta {
  id: string;
  itemId: string;
  createdAt: number;
  model: string;
  body: ResponsesRequest;
}

export function responseMeta(model: string, body: ResponsesRequest): ResponseMeta {
  const hex = () => randomUUID().replaceAll('-', '');
  return { id: `resp_${hex()}`, itemId: `msg_${hex()}`, createdAt: Math.floor(Date.now() / 1000), model, body };
}

const outputText = (text: string) => ({ type: 'output_text', text, annotations: [] });

function messageItem(meta: ResponseMeta, text: string | null) {
  return {
    id: meta.itemId,
    type: 'message',
    status: text === null ? 'in_progress' : 'completed',
    role: 'assistant',
    content: text === null ? [] : [outputText(text)],
  };
}

/** The response object: in progress (no output yet), or completed with the answer and its usage. */
export function responseObject(meta: ResponseMeta, done: { result: AgentAnswer; usage: OpenAiUsage } | null) {
  const { body } = meta;
  return {
    id: meta.id,
    object: 'response',
    created_at: meta.createdAt,
    status: done ? 'completed' : 'in_progress',
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: meta.model,
    output: done ? [messageItem(meta, done.result.content)] : [],
    parallel_tool_calls: false,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: body.temperature ?? null,
    text: { format: body.text?.format ?? { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: [],
    top_p: body.top_p ?? null,
    truncation: 'disabled',
    usage: done
      ? {
          input_tokens: done.usage.prompt_tokens,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: done.usage.completion_tokens,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: done.usage.total_tokens,
        }
      : null,
    user: body.user ?? null,
    metadata: {},
    ...(done
      ? { agent: { step: done.result.step, needs_person: done.result.needsPerson, sources: done.result.sources } }
      : {}),
  };
}

/**
 * The events of a streamed response, in OpenAI's order: created, in progress, the message and its
 * text part added, the text's deltas, then each part done and the response completed. Each event
 * names its type on the `event:` line and in its data, with a sequence number.
 */
export function responseEvents(meta: ResponseMeta, usageOf: (result: AgentAnswer) => OpenAiUsage): StreamWords {
  let sequence = 0;
  const event = (type: string, data: object) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`;
  const at = { item_id: meta.itemId, output_index: 0, content_index: 0 };
  return {
    opening: () =>
      event('response.created', { response: responseObject(meta, null) }) +
      event('response.in_progress', { response: responseObject(meta, null) }) +
      event('response.output_item.added', { output_index: 0, item: messageItem(meta, null) }) +
      event('response.content_part.added', { ...at, part: outputText('') }),
    piece: (text) => event('response.output_text.delta', { ...at, delta: text, logprobs: [] }),
    closing: (result) =>
      event('response.output_text.done', { ...at, text: result.content, logprobs: [] }) +
      event('response.content_part.done', { ...at, part: outputText(result.content) }) +
      event('response.output_item.done', { output_index: 0, item: messageItem(meta, result.content) }) +
      event('response.completed', { response: responseObject(meta, { result, usage: usageOf(result) }) }),
    broken: () =>
      event('error', {
        code: 'server_error',
        message: 'The answer broke off; the console log has the reason.',
        param: null,
      }),
  };
}
