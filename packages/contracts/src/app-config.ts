import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { pageQuerySchema, pageResultSchema, timestampsShape } from './envelope';
import type { FieldReason } from './field-reasons';
import { idNumber, optionalText, text } from './primitives';
import { systemIdParamsSchema } from './system-dept';

export * from './app-config.permissions';

/**
 * The configuration centre (WAVE2 §4.3, SPEC §7 "Namespace" and "Item"): an app's namespaces,
 * Apollo-style, each holding key/value items checked against the namespace's format. There is no
 * publish step: a saved item is live at once (docs/config-centre.md).
 */

/** How the values of a namespace are checked: properties (one line), json, yaml, or any text. */
export const CONFIG_FORMATS = ['properties', 'json', 'yaml', 'text'] as const;
export const configFormatSchema = z.enum(CONFIG_FORMATS);
export type ConfigFormat = z.infer<typeof configFormatSchema>;

export const NAMESPACE_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const NAMESPACE_NAME_MAX = 64;
export const ITEM_KEY_MAX = 128;
/** A value holds at most this many characters, whatever its format. */
export const ITEM_VALUE_MAX = 10_000;
/** What lists, exports and the operation log show instead of a secret item's value. */
export const SECRET_MASK = '******';

/** The namespace whose well-known items change how an app answers (WAVE2 §15.3). */
export const AGENT_NAMESPACE = 'agent';

/**
 * The well-known keys of the `agent` namespace and the rule each value must meet (a field-error
 * reason, so the refusal reads "Value must be a number from 0 to 1" in the caller's language);
 * null means any text. Other keys in that namespace are kept and ignored.
 */
export const AGENT_KEY_RULES = {
  qaMatchThreshold: 'notRatio',
  minScore: 'notRatio',
  minCoverage: 'notRatio',
  minMargin: 'notRatio',
  topK: 'notTopK',
  contextTokens: 'notContextTokens',
  llmMinCoverage: 'notRatio',
  vectorMinSimilarity: 'notRatio',
  fallbackReply: null,
  knowledgeFolders: 'notFolderIds',
  'llm.model': null,
  'llm.temperature': 'notTemperature',
  maxHistoryMessages: 'notHistoryCount',
} as const satisfies Record<string, FieldReason | null>;
export type AgentKey = keyof typeof AGENT_KEY_RULES;
export const AGENT_KEY_NAMES = Object.keys(AGENT_KEY_RULES) as AgentKey[];

export const appNamespaceSchema = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    appId: z.number().int(),
    name: z.string(),
    format: configFormatSchema,
    description: z.string().nullable(),
    itemCount: z.number().int(),
  })
  .extend(timestampsShape);
export type AppNamespace = z.infer<typeof appNamespaceSchema>;

/** POST /app/namespace/save. The app is fixed once created (update refuses another one). */
export const appNamespaceSaveSchema = z.object({
  appId: idNumber(),
  name: text().trim().min(1).max(NAMESPACE_NAME_MAX).regex(NAMESPACE_NAME_PATTERN),
  format: configFormatSchema.default('properties'),
  description: optionalText(500),
});
export type AppNamespaceSave = z.input<typeof appNamespaceSaveSchema>;

/** POST /app/namespace/update/{id}: the same fields; the app may be left out, a left-out format is kept. */
export const appNamespaceUpdateSchema = appNamespaceSaveSchema.extend({
  appId: idNumber().optional(),
  format: configFormatSchema.optional(),
});
export type AppNamespaceUpdate = z.input<typeof appNamespaceUpdateSchema>;

/** POST /app/namespace/list/page: the namespaces of one app, by name. */
export const appNamespacePageQuerySchema = pageQuerySchema.extend({
  appId: idNumber(),
  keyword: text().trim().max(64).optional(),
});
export type AppNamespacePageQuery = z.input<typeof appNamespacePageQuerySchema>;

export const appNamespaceDeleteResultSchema = z.object({ deletedItems: z.number().int() });
export type AppNamespaceDeleteResult = z.infer<typeof appNamespaceDeleteResultSchema>;

/**
 * An item as lists answer it: a secret item's value is never sent, only the mask (when it has a
 * value) and `hasValue`.
 */
export const appItemSchema = z
  .object({
    id: z.number().int(),
    namespaceId: z.number().int(),
    key: z.string(),
    value: z.string(),
    hasValue: z.boolean(),
    comment: z.string().nullable(),
    secret: z.boolean(),
  })
  .extend(timestampsShape);
export type AppItem = z.infer<typeof appItemSchema>;

/**
 * POST /app/item/save and /update/{id}. The value is kept as typed (no trimming: whitespace can
 * matter in YAML or text). On update of a secret item an empty value keeps the stored one; the
 * namespace is fixed once created.
 */
export const appItemSaveSchema = z.object({
  namespaceId: idNumber(),
  key: text()
    .trim()
    .min(1)
    .max(ITEM_KEY_MAX)
    // Keys are one line of visible text: a line break or tab would break the properties view.
    .regex(/^[^\p{Cc}]+$/u),
  value: text().max(ITEM_VALUE_MAX).default(''),
  comment: optionalText(500),
  secret: z.boolean().default(false),
});
export type AppItemSave = z.input<typeof appItemSaveSchema>;

/**
 * The namespace may be left out. `secret` must be sent: the operation log masks the value of a
 * body flagged secret, so an update that left the flag out would log a secret value in clear.
 */
export const appItemUpdateSchema = appItemSaveSchema.extend({
  namespaceId: idNumber().optional(),
  secret: z.boolean(),
});
export type AppItemUpdate = z.input<typeof appItemUpdateSchema>;

/**
 * Why an update of a secret item must carry a value it left empty, or null when it need not. An
 * empty value keeps the stored secret, but only for the key it was typed for: under another key
 * it would steer something else (in the `agent` namespace, `fallbackReply` would say it to anyone),
 * and without the flag the list would show it. The server refuses by this rule and the item
 * dialog checks it before sending, naming `value` either way.
 */
export function secretValueMissing(
  stored: { key: string; secret: boolean; hasValue: boolean },
  next: { key: string; secret: boolean; value: string },
): 'required' | 'secretReentry' | null {
  if (!stored.secret || !stored.hasValue || next.value !== '') return null;
  if (!next.secret) return 'required';
  return next.key.trim() === stored.key ? null : 'secretReentry';
}

/** POST /app/item/list (not paged: a namespace holds a handful of items) and /app/item/export. */
export const appItemListQuerySchema = z.object({
  namespaceId: idNumber(),
  keyword: text().trim().max(128).optional(),
});
export type AppItemListQuery = z.input<typeof appItemListQuerySchema>;
export const appItemListSchema = z.array(appItemSchema);

export const appItemDeleteResultSchema = z.object({ affected: z.number().int() });
export type AppItemDeleteResult = z.infer<typeof appItemDeleteResultSchema>;

/** The configuration centre's routes; the export answers with a file and is registered by hand. */
export const APP_CONFIG_ROUTE_SCHEMAS = {
  namespacePage: {
    summary: 'Namespaces of one app, with their item counts',
    body: appNamespacePageQuerySchema,
    answer: pageResultSchema(appNamespaceSchema),
  },
  namespaceSave: { summary: 'Create a namespace', body: appNamespaceSaveSchema, answer: appNamespaceSchema },
  namespaceUpdate: {
    summary: 'Change a namespace (its items must fit a new name or format)',
    params: systemIdParamsSchema,
    body: appNamespaceUpdateSchema,
    answer: appNamespaceSchema,
  },
  namespaceRemove: {
    summary: 'Delete a namespace and its items',
    params: systemIdParamsSchema,
    answer: appNamespaceDeleteResultSchema,
  },
  itemList: {
    summary: 'Items of one namespace (secret values masked)',
    body: appItemListQuerySchema,
    answer: appItemListSchema,
  },
  itemSave: {
    summary: 'Create an item (its value checked against the namespace format)',
    body: appItemSaveSchema,
    answer: appItemSchema,
  },
  itemUpdate: {
    summary: 'Change an item (an empty value keeps a secret one)',
    params: systemIdParamsSchema,
    body: appItemUpdateSchema,
    answer: appItemSchema,
  },
  itemRemove: { summary: 'Delete an item', params: systemIdParamsSchema, answer: appItemDeleteResultSchema },
  itemExport: { summary: 'XLSX of a namespace’s items (secret values masked)', body: appItemListQuerySchema },
} satisfies RouteSchemas;

export const APP_CONFIG_ROUTES = apiRoutes<typeof APP_CONFIG_ROUTE_SCHEMAS>({
  namespacePage: 'POST /api/v3/app/namespace/list/page',
  namespaceSave: 'POST /api/v3/app/namespace/save',
  namespaceUpdate: 'POST /api/v3/app/namespace/update/:id',
  namespaceRemove: 'GET /api/v3/app/namespace/deleteByNamespaceId/:id',
  itemList: 'POST /api/v3/app/item/list',
  itemSave: 'POST /api/v3/app/item/save',
  itemUpdate: 'POST /api/v3/app/item/update/:id',
  itemRemove: 'GET /api/v3/app/item/delete/:id',
  itemExport: 'POST /api/v3/app/item/export',
});
