import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { CONTACT_BATCH_MAX } from './chat-address';
import { idNumber, pathId, text } from './primitives';

export * from './chat-message.permissions';

/** SPEC §9 "Message types": text or file (dictionary `message_type`). */
export const CHAT_MESSAGE_TYPES = ['text', 'file'] as const;
export const chatMessageTypeSchema = z.enum(CHAT_MESSAGE_TYPES);

/** Batch messages (SPEC §5, §9; WAVE2 §2.4): text up to 2,000 characters, or 1–3 files of ≤ 3MB. */
export const CHAT_TEXT_MAX = 2000;
export const CHAT_FILES_MAX = 3;
export const CHAT_FILE_MAX_BYTES = 3 * 1024 * 1024;
/**
 * "No special characters in file names" (WAVE2 §0.4): none of `\ / : * ? " < > |`, no control
 * characters, no leading dot. Checked in the browser and on the server with this one pattern.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
export const UNSAFE_FILE_NAME_CHARS = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
export function unsafeFileNameChars(name: string): string[] {
  const found = new Set(name.match(UNSAFE_FILE_NAME_CHARS) ?? []);
  if (name.startsWith('.')) found.add('.');
  return [...found];
}

/** POST /message/sendText. */
export const sendTextSchema = z.object({
  accountId: idNumber(),
  contactIds: z.array(idNumber()).min(1).max(CONTACT_BATCH_MAX),
  content: text().trim().min(1).max(CHAT_TEXT_MAX),
});
export type SendText = z.input<typeof sendTextSchema>;

/** The multipart fields of POST /message/sendFile beside its 1–3 `files`. */
export const sendFileFieldsSchema = z.object({
  accountId: pathId(),
  /** Comma-separated contact ids in a multipart field. */
  contactIds: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .filter((s) => s.trim() !== '')
            .map((s) => Number(s.trim()))
        : v,
    z.array(idNumber()).min(1).max(CONTACT_BATCH_MAX),
  ),
});

/** Where one recipient's message is: queued, sent, or failed with the gateway's reason. */
export const CHAT_SEND_STATUSES = ['queued', 'sent', 'failed'] as const;
export const chatSendStatusSchema = z.enum(CHAT_SEND_STATUSES);
export const chatSendResultSchema = z.object({
  contactId: z.number().int(),
  nickname: z.string(),
  status: chatSendStatusSchema,
  reason: z.string().nullable(),
  /** Queued behind the customer's reply reserve: it goes on a day with sends to spare (issue 34). */
  heldForReplies: z.boolean(),
  sentAt: z.string().nullable(),
});
export type ChatSendResult = z.infer<typeof chatSendResultSchema>;

/** The answer of sendText/sendFile and of GET /message/batch/{id}: a paced batch and its results. */
export const chatSendBatchSchema = z.object({
  batchId: z.number().int(),
  accountId: z.number().int(),
  type: chatMessageTypeSchema,
  status: z.enum(['running', 'completed']),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  results: z.array(chatSendResultSchema),
  createdAt: z.string(),
});
export type ChatSendBatch = z.infer<typeof chatSendBatchSchema>;
export const chatBatchParamsSchema = z.object({ id: pathId() });

/**
 * What each batch-message route takes and answers (SPEC §7 "POST /message/sendText; POST
 * /message/sendFile (multipart)"). sendFile reads a multipart upload, so it is registered by hand
 * at its path here and answers `chatSendBatchSchema` like sendText.
 */
export const CHAT_MESSAGE_ROUTE_SCHEMAS = {
  sendText: {
    summary: 'Send one text to 1–1000 contacts of an account (queued, paced)',
    body: sendTextSchema,
    answer: chatSendBatchSchema,
  },
  sendFile: { summary: 'Send 1–3 files (≤ 3MB each) to contacts (multipart: accountId, contactIds, files)' },
  batch: {
    summary: 'Progress and per-recipient results of a batch',
    params: chatBatchParamsSchema,
    answer: chatSendBatchSchema,
  },
} satisfies RouteSchemas;

export const CHAT_MESSAGE_ROUTES = apiRoutes<typeof CHAT_MESSAGE_ROUTE_SCHEMAS>({
  sendText: 'POST /api/v3/message/sendText',
  sendFile: 'POST /api/v3/message/sendFile',
  batch: 'GET /api/v3/message/batch/:id',
});

/**
 * How the reasons the send pipeline writes on a message begin, by kind, so the console can show
 * them in the reader's language (the stored reason stays English, for logs and the API).
 */
export const SEND_REASON_PREFIXES = {
  dailyCap: 'daily cap reached',
  interrupted: 'interrupted before the gateway answered',
  paused: 'not sent: the agent was paused',
  heldForReplies: 'waiting: the rest of today',
} as const;
export type SendReasonKind = keyof typeof SEND_REASON_PREFIXES;

/** The kind of a stored send reason, or null for one the gateway wrote (shown as it is). */
export function sendReasonKind(reason: string | null | undefined): SendReasonKind | null {
  if (!reason) return null;
  const kinds = Object.keys(SEND_REASON_PREFIXES) as SendReasonKind[];
  return kinds.find((k) => reason.startsWith(SEND_REASON_PREFIXES[k])) ?? null;
}
