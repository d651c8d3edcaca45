import { z } from 'zod';
import { text } from './primitives';

/**
 * The API a running app serves on its own port (WAVE2 §15.3): the part of OpenAI's chat API that
 * an agent answering from a knowledge base needs (issue 36). The model's parameters a client sets
 * (temperature, max_tokens, stop, response_format) go to the language model when one answers;
 * what an app cannot do is refused by name (more than one choice, a tool it must call), never
 * ignored silently; tools offered without a required choice are accepted and not called.
 */

/** Longest text of one message; the listener's body limit caps the request as a whole. */
export const APP_API_MESSAGE_MAX = 32_000;
export const APP_API_MESSAGES_MAX = 200;
/** Bytes of one request body the app listener reads. */
export const APP_API_BODY_LIMIT = 256 * 1024;
/**
 * Answer calls (chat completions, responses) one app's key may make in a minute, over all its end
 * users (`APP_API_RATE_LIMIT`): a leaked key cannot answer without end, nor grow the database.
 */
export const APP_API_RATE_LIMIT = 600;

const contentPartSchema = z.object({
  type: z.string().max(64),
  text: text().max(APP_API_MESSAGE_MAX).optional(),
});

export const chatMessageInputSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  /** A string, OpenAI's list of content parts (only text parts are read), or null (tool calls). */
  content: z.union([text().max(APP_API_MESSAGE_MAX), z.array(contentPartSchema).max(64)]).nullish(),
  name: z.string().max(256).optional(),
});
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

/** Tools a client offers (both APIs): read for their kind only. */
const toolsSchema = z
  .array(z.object({ type: z.string().max(64) }))
  .max(128)
  .nullish();
/** A choice of tool: `required` or a named tool is refused by name (an app calls no tools). */
const toolChoiceSchema = z
  .union([z.enum(['none', 'auto', 'required']), z.object({ type: z.string().max(64) })])
  .nullish();

export const chatCompletionRequestSchema = z.object({
  /** Any name is accepted: the app answers as itself, and names its code as the model. */
  model: z.string().max(256).optional(),
  messages: z.array(chatMessageInputSchema).min(1).max(APP_API_MESSAGES_MAX),
  stream: z.boolean().nullish(),
  /** The end user, as OpenAI clients name them: one user's calls are stored as one conversation. */
  user: text().trim().max(256).nullish(),
  /** With `include_usage`, a streamed answer ends with a chunk holding the usage, as OpenAI's does. */
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
  /** Choices asked for: an app gives one answer, so only 1 is accepted (refused by name otherwise). */
  n: z.number().int().min(1).max(128).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  max_tokens: z.number().int().min(1).max(1_000_000).nullish(),
  max_completion_tokens: z.number().int().min(1).max(1_000_000).nullish(),
  stop: z.union([z.string().max(256), z.array(z.string().max(256)).max(4)]).nullish(),
  response_format: z
    .object({ type: z.enum(['text', 'json_object', 'json_schema']), json_schema: z.unknown().optional() })
    .nullish(),
  /** Offered tools: accepted and never called (an app answers from its knowledge). */
  tools: toolsSchema,
  tool_choice: toolChoiceSchema,
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/**
 * POST /v1/responses: OpenAI's Responses API, as far as an app answering from its knowledge needs
 * it (issue 36): `input` as text or as messages (other items, such as a tool's output, are read as
 * nothing), `instructions` as a system message, plain or streamed.
 */
const responseMessageSchema = z.object({
  type: z.literal('message').optional(),
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([text().max(APP_API_MESSAGE_MAX), z.array(contentPartSchema).max(64)]),
});
const responseOtherItemSchema = z.object({ type: z.string().max(64) });
export const responsesRequestSchema = z.object({
  model: z.string().max(256).optional(),
  input: z.union([
    text().max(APP_API_MESSAGE_MAX),
    z
      .array(z.union([responseMessageSchema, responseOtherItemSchema]))
      .min(1)
      .max(APP_API_MESSAGES_MAX),
  ]),
  instructions: text().max(APP_API_MESSAGE_MAX).nullish(),
  stream: z.boolean().nullish(),
  user: text().trim().max(256).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  max_output_tokens: z.number().int().min(1).max(1_000_000).nullish(),
  text: z
    .object({
      format: z
        .object({
          type: z.enum(['text', 'json_object', 'json_schema']),
          name: z.string().max(64).optional(),
          schema: z.unknown().optional(),
          strict: z.boolean().nullish(),
        })
        .nullish(),
    })
    .nullish(),
  tools: toolsSchema,
  tool_choice: toolChoiceSchema,
  /** A response this app would have to have kept: refused by name, the app keeps none. */
  previous_response_id: z.string().max(256).nullish(),
  store: z.boolean().nullish(),
});
export type ResponsesRequest = z.infer<typeof responsesRequestSchema>;

/** OpenAI's error body: what its clients parse into `APIError`. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}
