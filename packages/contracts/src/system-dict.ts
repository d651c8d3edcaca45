import { z } from 'zod';
import type { RouteSchemas } from './api-route';
import { orderBySchema, pageQuerySchema, pageResultSchema, timestampsShape } from './envelope';
import type { LocalizedText } from './language';
import { idNumber, pathId, text } from './primitives';

export * from './system-dict.permissions';

/**
 * Dictionaries (SPEC §3 "Dictionary", §7 /system/dict): a type such as `user_gender` and its
 * entries of (value, label). Labels are stored in every language so each screen shows its own.
 */

const trimmed = (max: number) => text().trim().min(1).max(max);

/** Every language required: a label missing in one language would show blank there. */
export const dictLabelsSchema = z.object({
  en: trimmed(100),
  'zh-chs': trimmed(100),
  'zh-cht': trimmed(100),
  ja: trimmed(100),
});

/** Type keys are what code refers to (`useDict('user_gender')`), so they stay simple identifiers. */
export const DICT_TYPE_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const dictTypeKeySchema = text().trim().max(64).regex(DICT_TYPE_KEY_PATTERN);

/** antd Tag colours an entry may be shown with; a fixed list so no style text comes from users. */
export const DICT_TAG_COLORS = [
  'default',
  'processing',
  'success',
  'warning',
  'error',
  'blue',
  'green',
  'orange',
  'red',
  'purple',
  'cyan',
  'gold',
  'magenta',
] as const;
export const dictTagColorSchema = z.enum(DICT_TAG_COLORS);
export type DictTagColor = z.infer<typeof dictTagColorSchema>;

export const dictTypeInputSchema = z.strictObject({
  type: dictTypeKeySchema,
  names: dictLabelsSchema,
  enabled: z.boolean().default(true),
  remark: text().trim().max(500).nullish(),
});
export type DictTypeInput = z.input<typeof dictTypeInputSchema>;

export const dictTypeSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    names: dictLabelsSchema,
    enabled: z.boolean(),
    builtin: z.boolean(),
    remark: z.string().nullable(),
    entryCount: z.number().int(),
  })
  .extend(timestampsShape);
export type DictType = z.infer<typeof dictTypeSchema>;

export const DICT_TYPE_SORT_FIELDS = ['type', 'createdAt', 'updatedAt'] as const;
export const dictTypePageQuerySchema = pageQuerySchema.extend({
  /** Matches the key or a name in any language. */
  keyword: text().trim().max(100).optional(),
  enabled: z.boolean().optional(),
  orderBy: orderBySchema(DICT_TYPE_SORT_FIELDS),
});
export type DictTypePageQuery = z.input<typeof dictTypePageQuerySchema>;

export const dictEntryInputSchema = z.strictObject({
  typeId: idNumber(),
  value: trimmed(100),
  labels: dictLabelsSchema,
  sort: z.number().int().min(0).max(100_000).default(0),
  tagColor: dictTagColorSchema.default('default'),
  enabled: z.boolean().default(true),
  remark: text().trim().max(500).nullish(),
});
export type DictEntryInput = z.input<typeof dictEntryInputSchema>;

export const dictEntrySchema = z
  .object({
    id: z.number().int(),
    typeId: z.number().int(),
    type: z.string(),
    value: z.string(),
    labels: dictLabelsSchema,
    sort: z.number().int(),
    tagColor: dictTagColorSchema,
    enabled: z.boolean(),
    remark: z.string().nullable(),
  })
  .extend(timestampsShape);
export type DictEntry = z.infer<typeof dictEntrySchema>;

export const DICT_ENTRY_SORT_FIELDS = ['value', 'sort', 'createdAt'] as const;
export const dictEntryPageQuerySchema = pageQuerySchema.extend({
  typeId: idNumber().optional(),
  /** Matches the value or a label in any language. */
  keyword: text().trim().max(100).optional(),
  enabled: z.boolean().optional(),
  orderBy: orderBySchema(DICT_ENTRY_SORT_FIELDS),
});
export type DictEntryPageQuery = z.input<typeof dictEntryPageQuerySchema>;

/** Batch delete body. */
export const dictIdsSchema = z.strictObject({ ids: z.array(idNumber()).min(1).max(500) });
export const dictIdParamSchema = z.object({ id: pathId() });

/** What the web caches under the key `dict`: enabled types with their enabled entries, sorted. */
export const dictCacheItemSchema = z.object({
  value: z.string(),
  labels: dictLabelsSchema,
  tagColor: dictTagColorSchema,
});
export type DictCacheItem = z.infer<typeof dictCacheItemSchema>;
export const dictCacheSchema = z.object({
  /** Changes whenever any type or entry changes; the web refetches when it differs. */
  version: z.string(),
  dicts: z.record(z.string(), z.array(dictCacheItemSchema)),
});
export type DictCache = z.infer<typeof dictCacheSchema>;

/**
 * What each dictionary route takes and answers: SPEC §7 "Dict (/system/dict)" and
 * "Dict entry (/system/dict/entry)".
 */
export const DICT_ROUTE_SCHEMAS = {
  page: {
    summary: 'Dictionary type page list',
    body: dictTypePageQuerySchema,
    answer: pageResultSchema(dictTypeSchema),
  },
  save: { summary: 'Create a dictionary type', body: dictTypeInputSchema, answer: dictTypeSchema },
  update: {
    summary: 'Change a dictionary type',
    params: dictIdParamSchema,
    body: dictTypeInputSchema,
    answer: dictTypeSchema,
  },
  remove: { summary: 'Delete dictionary types without entries', body: dictIdsSchema, answer: z.null() },
  cacheUpdate: { summary: 'Rebuild the dictionary cache', answer: dictCacheSchema },
  cacheGet: { summary: 'Enabled dictionaries with their entries', answer: dictCacheSchema },
  entryPage: {
    summary: 'Dictionary entry page list',
    body: dictEntryPageQuerySchema,
    answer: pageResultSchema(dictEntrySchema),
  },
  entrySave: { summary: 'Create a dictionary entry', body: dictEntryInputSchema, answer: dictEntrySchema },
  entryUpdate: {
    summary: 'Change a dictionary entry',
    params: dictIdParamSchema,
    body: dictEntryInputSchema,
    answer: dictEntrySchema,
  },
  entryRemove: { summary: 'Delete dictionary entries', body: dictIdsSchema, answer: z.null() },
} satisfies RouteSchemas;

/** The enumerations of SPEC §9, seeded and used by the screens of later modules. */
export const DICT_TYPES = {
  genderOptions: 'gender_options',
  userGender: 'user_gender',
  relationship: 'relationship',
  addressType: 'address_type',
  chatLoginStatus: 'chat_login_status',
  chatRegion: 'chat_region',
  messageType: 'message_type',
  miningStatus: 'mining_status',
  welcomeMessageType: 'welcome_message_type',
  appStatus: 'app_status',
  followupTrigger: 'followup_trigger',
  followupSendStatus: 'followup_send_status',
  followupSkipReason: 'followup_skip_reason',
  followupHoldReason: 'followup_hold_reason',
} as const;
export type DictTypeKey = (typeof DICT_TYPES)[keyof typeof DICT_TYPES];

export type DictLabels = LocalizedText;
