import { z } from 'zod';

/**
 * What the answering pipeline (WAVE2 §15.5) tells every caller besides the answer: which step
 * answered and what the answer was drawn from. The chat bubble, the conversation view and the app
 * API show these.
 */

/** qa: a stored QA matched; knowledge: built-in answerer quoting documents; llm: the LLM wrote it from the fragments; fallback: nothing relevant. */
export const ANSWER_STEPS = ['qa', 'knowledge', 'llm', 'fallback'] as const;
export const answerStepSchema = z.enum(ANSWER_STEPS);
export type AnswerStep = z.infer<typeof answerStepSchema>;

export const answerSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('qa'), qaId: z.number().int(), question: z.string(), score: z.number() }),
  z.object({
    kind: z.literal('document'),
    fileId: z.number().int(),
    name: z.string(),
    fragmentIds: z.array(z.number().int()),
    score: z.number(),
  }),
]);
export type AnswerSource = z.infer<typeof answerSourceSchema>;

/** Usage of one answer (WAVE2 §15.6): one unit, and the LLM's token counts when it reports them. */
export const answerUsageSchema = z.object({
  units: z.number().int(),
  promptTokens: z.number().int().nullable(),
  completionTokens: z.number().int().nullable(),
});
export type AnswerUsage = z.infer<typeof answerUsageSchema>;

/** Where a conversation takes place: a contact of a messaging account, the console's bubble, an app's API, a website's widget. */
export const CONVERSATION_CHANNELS = ['contact', 'bubble', 'api', 'widget'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];

/** Why the agent is quiet for a contact: a staff member took over, or someone wrote from the phone. */
export const PAUSE_REASONS = ['takeover', 'phone'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

/**
 * Why a conversation waits for a person (issue 34): the agent found no answer, the customer's
 * quota is used up, or its reply could not be delivered — the account's daily cap, the account
 * offline, the gateway refusing it after its retries, a send interrupted by a crash, or the
 * account backed off after "too frequent" answers (the reply waits, late).
 */
export const NEEDS_PERSON_REASONS = [
  'noAnswer',
  'quotaUsedUp',
  'dailyCap',
  'accountOffline',
  'gatewayRefused',
  'interrupted',
  'riskPause',
] as const;
export type NeedsPersonReason = (typeof NEEDS_PERSON_REASONS)[number];
