import { z } from 'zod';

/**
 * The AI role of an app (WAVE2 §5, §6): main prompt and new-customer access. The numbers are
 * SPEC §5 and §9's; "characters" are Unicode code points, counted the same in browser and server.
 */
export const MAIN_PROMPT_MAX = 200;
export const WELCOME_MESSAGES_MAX = 10;
export const WELCOME_TEXT_MAX = 1000;
export const WELCOME_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const LEAD_ITEMS_MAX = 6;
export const LEAD_ITEM_NAME_MAX = 50;
export const LEAD_DESCRIPTION_MAX = 200;
export const LEAD_EXAMPLE_MAX = 200;

/** Length of a text in Unicode code points ("字" and "😀" are one each). */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

export const WELCOME_MESSAGE_TYPES = ['text', 'file', 'image'] as const;
export const welcomeMessageTypeSchema = z.enum(WELCOME_MESSAGE_TYPES);
export type WelcomeMessageType = z.infer<typeof welcomeMessageTypeSchema>;

/** A stored welcome message: text, or a stored object (OSS) sent as a file or an image. */
export const welcomeMessageSchema = z.object({
  id: z.string(),
  type: welcomeMessageTypeSchema,
  text: z.string().optional(),
  objectId: z.number().int().optional(),
  fileName: z.string().optional(),
  size: z.number().int().optional(),
});
export type WelcomeMessage = z.infer<typeof welcomeMessageSchema>;

/** A lead-cleaning item: what to capture, what it means, an example of a value. */
export const leadItemSchema = z.object({
  item: z.string(),
  description: z.string(),
  example: z.string(),
});
export type LeadItem = z.infer<typeof leadItemSchema>;
