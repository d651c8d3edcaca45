import { z } from 'zod';
import { text } from './primitives';

/**
 * The API a running app serves on its own port (WAVE2 §15.3): the part of OpenAI's chat API that
 * an agent answering from a knowledge base needs. Fields OpenAI clients send that an app does not
 * use (temperature, tools, …) are accepted and ignored, so any OpenAI client works unchanged.
 */

/** Longest text of one message; the listener's body limit caps the request as a whole. */
export const APP_API_MESSAGE_MAX = 32_000;
export const APP_API_MESSAGES_MAX = 200;
/** Bytes of one request body the app listener reads. */
export const APP_API_BODY_LIMIT = 256 * 1024;

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

export const chatCompletionRequestSchema = z.object({
  /** Any name is accepted: the app answers as itself, and names its code as the model. */
  model: z.string().max(256).optional(),
  messages: z.array(chatMessageInputSchema).min(1).max(APP_API_MESSAGES_MAX),
  stream: z.boolean().nullish(),
  /** The end user, as OpenAI clients name them: one user's calls are stored as one conversation. */
  user: text().trim().max(256).nullish(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/** OpenAI's error body: what its clients parse into `APIError`. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}
