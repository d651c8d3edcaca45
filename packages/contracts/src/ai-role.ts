import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { idParamsSchema } from './knowledge';
import { idNumber, pathId, text } from './primitives';

export * from './ai-role.permissions';

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

/**
 * Welcome-message files (SPEC §5: "PDF, DOC, XLS, PPT, TXT"). The Office formats since 2007
 * (DOCX, XLSX, PPTX) count as the same formats: they are what a business has, and the knowledge
 * screen's "Word" takes DOCX too. CSV is not in the list and is refused. Kinds as the server
 * sniffs them from the bytes; the extensions are what the browser checks before uploading.
 */
export const WELCOME_FILE_KINDS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'] as const;
export const WELCOME_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.txt'] as const;
/** Welcome-message images (SPEC §5: "JPG, JPEG, PNG, GIF, WEBP"); JPG and JPEG sniff as one kind. */
export const WELCOME_IMAGE_KINDS = ['jpeg', 'png', 'gif', 'webp'] as const;
export const WELCOME_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.webp'] as const;
/** The object-store purpose a welcome message's upload is stored under, by the message's type. */
export const WELCOME_UPLOAD_PURPOSE = { file: 'attachment', image: 'image' } as const;

/** Whether a file name ends in one of the accepted extensions (case ignored). */
export function hasExtension(name: string, extensions: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return extensions.some((ext) => lower.endsWith(ext));
}

/** A text of at most `max` code points: `.max()` would count UTF-16 units (an emoji is two). */
function codePointsAtMost(schema: z.ZodString, max: number) {
  return schema.refine((v) => codePointLength(v) <= max, { message: 'tooLong' });
}

/** Which customer's app a call is about: both chosen first (SPEC §5). */
export const aiRoleQuerySchema = z.object({ customerId: pathId(), appId: pathId() });
export type AiRoleQuery = z.infer<typeof aiRoleQuerySchema>;

/** Who changed a setting last and when; null when it was never saved. */
const aiRoleChangedFields = {
  updatedAt: z.string().nullable(),
  /** The person's name (nickname); null when never saved or that user is gone. */
  updatedBy: z.string().nullable(),
};

/** GET /api/v3/ai-role/getMainPromptConfig: empty `content` means the agent's built-in instructions only. */
export const mainPromptConfigSchema = z.object({
  customerId: z.number().int(),
  appId: z.number().int(),
  content: z.string(),
  ...aiRoleChangedFields,
});
export type MainPromptConfig = z.infer<typeof mainPromptConfigSchema>;

/** A welcome message as the screen shows it: a file or an image has the address to view it. */
export const welcomeMessageViewSchema = welcomeMessageSchema.extend({ url: z.string().optional() });
export type WelcomeMessageView = z.infer<typeof welcomeMessageViewSchema>;

/** GET /api/v3/ai-role/getNetCustomerAccessConfigValue (the spec's name; "Net" is "New"). */
export const newCustomerAccessConfigSchema = z.object({
  customerId: z.number().int(),
  appId: z.number().int(),
  autoAcceptFriend: z.boolean(),
  welcomeMessages: z.array(welcomeMessageViewSchema),
  leadItems: z.array(leadItemSchema),
  ...aiRoleChangedFields,
});
export type NewCustomerAccessConfig = z.infer<typeof newCustomerAccessConfigSchema>;

/** The main prompt as saved: trimmed, required, at most 200 code points. */
export const mainPromptContentSchema = codePointsAtMost(text().trim().min(1), MAIN_PROMPT_MAX);

/** A row's key, kept while rows move; the server gives one to a row without it. */
const welcomeRowId = () => text().trim().max(64).optional();

/**
 * One welcome message as a save sends it. A file or an image names a stored object of the
 * customer (uploaded for welcome messages); its name and size are taken from the stored object.
 */
export const welcomeMessageInputSchema = z.discriminatedUnion('type', [
  z.object({
    id: welcomeRowId(),
    type: z.literal('text'),
    text: codePointsAtMost(text().trim().min(1), WELCOME_TEXT_MAX),
  }),
  z.object({ id: welcomeRowId(), type: z.literal('file'), objectId: idNumber() }),
  z.object({ id: welcomeRowId(), type: z.literal('image'), objectId: idNumber() }),
]);
export type WelcomeMessageInput = z.infer<typeof welcomeMessageInputSchema>;

/** One lead-cleaning row: item and description required, example optional. */
export const leadItemInputSchema = z.object({
  item: codePointsAtMost(text().trim().min(1), LEAD_ITEM_NAME_MAX),
  description: codePointsAtMost(text().trim().min(1), LEAD_DESCRIPTION_MAX),
  example: codePointsAtMost(text().trim(), LEAD_EXAMPLE_MAX).default(''),
});

const aiRoleTargetFields = { customerId: idNumber(), appId: idNumber() };

/** POST /api/v3/ai-role/process-command, command `saveMainPrompt` (needs ai:prompt:edit). */
export const saveMainPromptCommandSchema = z.object({
  command: z.literal('saveMainPrompt'),
  ...aiRoleTargetFields,
  content: mainPromptContentSchema,
});

/**
 * Command `saveNewCustomerAccess` (needs ai:access:edit). "At least one valid item needed to
 * save" (SPEC §5) applies to the lead-cleaning table; welcome messages may be none.
 */
export const saveNewCustomerAccessCommandSchema = z.object({
  command: z.literal('saveNewCustomerAccess'),
  ...aiRoleTargetFields,
  autoAcceptFriend: z.boolean(),
  welcomeMessages: z.array(welcomeMessageInputSchema).max(WELCOME_MESSAGES_MAX, { message: 'atMost10Messages' }),
  leadItems: z
    .array(leadItemInputSchema)
    .min(1, { message: 'needOneLeadItem' })
    .max(LEAD_ITEMS_MAX, { message: 'atMost6Items' }),
});

/** The one write call of the AI role group: one command per write, validated per command. */
export const aiRoleCommandSchema = z.discriminatedUnion('command', [
  saveMainPromptCommandSchema,
  saveNewCustomerAccessCommandSchema,
]);
export type AiRoleCommand = z.infer<typeof aiRoleCommandSchema>;
export type SaveMainPromptCommand = z.input<typeof saveMainPromptCommandSchema>;
export type SaveNewCustomerAccessCommand = z.input<typeof saveNewCustomerAccessCommandSchema>;
export const AI_ROLE_COMMANDS = ['saveMainPrompt', 'saveNewCustomerAccess'] as const;
export type AiRoleCommandName = (typeof AI_ROLE_COMMANDS)[number];

/** The answer of process-command: the saved configuration of the command's screen. */
export const aiRoleCommandResultSchema = z.union([mainPromptConfigSchema, newCustomerAccessConfigSchema]);

/**
 * The AI role's routes. The commands of `command` each need their own edit permission (declared
 * where it is registered). A welcome message's file answers with its bytes and is registered by hand.
 */
export const AI_ROLE_ROUTE_SCHEMAS = {
  mainPrompt: {
    summary: 'The main prompt of a customer’s app (empty: the agent’s built-in instructions only)',
    querystring: aiRoleQuerySchema,
    answer: mainPromptConfigSchema,
  },
  access: {
    summary: 'New-customer access of a customer’s app: auto-accept, welcome messages, lead-cleaning items',
    querystring: aiRoleQuerySchema,
    answer: newCustomerAccessConfigSchema,
  },
  command: {
    summary: 'One write of the AI role: command saveMainPrompt or saveNewCustomerAccess; answers the saved config',
    body: aiRoleCommandSchema,
    answer: aiRoleCommandResultSchema,
  },
  welcomeFile: { summary: 'A welcome message’s file or image', params: idParamsSchema },
} satisfies RouteSchemas;

export const AI_ROLE_ROUTES = apiRoutes<typeof AI_ROLE_ROUTE_SCHEMAS>({
  mainPrompt: 'GET /api/v3/ai-role/getMainPromptConfig',
  access: 'GET /api/v3/ai-role/getNetCustomerAccessConfigValue',
  command: 'POST /api/v3/ai-role/process-command',
  welcomeFile: 'GET /api/v3/ai-role/file/:id',
});
