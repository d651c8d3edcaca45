import type { ChatCompletionRequest } from '@agent-console/contracts';
import type { ModelParams } from '../../../agent/answer/agent';

/**
 * What an app cannot do for a chat-completions caller (issue 36), refused with a 400 naming the
 * parameter rather than ignored: a client helper that relies on it (`.parse()`, `generateObject`,
 * a required tool call) would otherwise fail on its own side with a confusing error.
 */
export function refusedParameter(
  body: ChatCompletionRequest,
  hasModel: boolean,
): { message: string; param: string } | null {
  if (body.n != null && body.n > 1) {
    return { param: 'n', message: 'n must be 1: an app gives one answer per request.' };
  }
  return requiredTool(body.tool_choice) ?? jsonWithoutModel('response_format', body.response_format?.type, hasModel);
}

/** A tool choice that requires a tool, refused (both APIs). */
export function requiredTool(choice: ChatCompletionRequest['tool_choice']): { message: string; param: string } | null {
  if (choice !== 'required' && (typeof choice !== 'object' || choice === null)) return null;
  return {
    param: 'tool_choice',
    message: 'tool_choice cannot require a tool: an app answers from its knowledge and calls no tools.',
  };
}

/** A JSON reply asked of a console with no model to write one, refused under the API's own name for it. */
export function jsonWithoutModel(
  param: string,
  format: string | undefined,
  hasModel: boolean,
): { message: string; param: string } | null {
  if (!format || format === 'text' || hasModel) return null;
  return {
    param,
    message: `${param} ${format} needs a language model, and this console has none configured; ask without it for a text answer.`,
  };
}

/** The model's parameters of a request, as the agent passes them on to the model. */
export function modelParamsOf(body: ChatCompletionRequest): ModelParams {
  const stop = typeof body.stop === 'string' ? [body.stop] : (body.stop ?? null);
  return {
    temperature: body.temperature ?? null,
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? null,
    stop: stop?.length ? stop : null,
    responseFormat: body.response_format && body.response_format.type !== 'text' ? body.response_format : null,
  };
}
