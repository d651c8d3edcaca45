import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { customerRowSchema, orderBySchema, pageQuerySchema, pageResultSchema, timestampsShape } from './envelope';
import { idNumber, optionalText, pathId, text } from './primitives';
import { systemIdParamsSchema } from './system-dept';

export * from './app-info.permissions';

/** Where an app's listener is (WAVE2 §4.2 state machine; `failed` keeps its reason). */
export const APP_STATUSES = ['stopped', 'starting', 'running', 'stopping', 'failed'] as const;
export const appStatusSchema = z.enum(APP_STATUSES);
export type AppStatus = z.infer<typeof appStatusSchema>;

/** Ports an app may listen on (WAVE2 §4.2): no privileged ports. */
export const APP_PORT_MIN = 1024;
export const APP_PORT_MAX = 65535;
/** An app's code: what clients send as the model name, so plain and URL-safe. */
export const APP_CODE_PATTERN = /^[a-z0-9-]+$/;

/**
 * The web pages allowed to call an app from a browser (CORS, issue 36): origins as a browser
 * sends them (`https://shop.example`, `http://localhost:3000`: scheme, host, port; no path), or `*`
 * for any page. None by default: no page may call an app until someone lists it.
 */
export const APP_ORIGINS_MAX = 20;
export const APP_ORIGIN_PATTERN =
  /^(?:\*|https?:\/\/(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?|https?:\/\/\[[0-9a-f:.]+\](?::\d{1,5})?)$/;
/** An origin as written, made comparable to what a browser sends: lower case, no trailing slash. */
export const normaliseOrigin = (origin: string) => origin.trim().toLowerCase().replace(/\/+$/, '');
const allowedOriginsSchema = z
  .array(
    text()
      .transform(normaliseOrigin)
      .pipe(z.string().max(200).regex(APP_ORIGIN_PATTERN, { message: 'invalidFormat' })),
  )
  .max(APP_ORIGINS_MAX)
  .transform((origins) => [...new Set(origins)]);

/** GET /app/info/getList: the light list behind the app pickers (configuration, AI screens). */
export const appListQuerySchema = z.object({ customerId: pathId().optional() });
export const appOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  customerId: z.number().int(),
  status: appStatusSchema,
});
export type AppOption = z.infer<typeof appOptionSchema>;
export const appOptionsSchema = z.array(appOptionSchema);

/** One app as the list and the dialogs show it; the API key itself is never part of it. */
export const appSchema = customerRowSchema
  .extend({
    name: z.string(),
    code: z.string(),
    port: z.number().int(),
    description: z.string().nullable(),
    status: appStatusSchema,
    /** Why the app failed, in English (stored with the status); null unless `failed`. */
    statusReason: z.string().nullable(),
    /** Whether the app is meant to run (it is started again after a console restart). */
    desiredRunning: z.boolean(),
    /** The web pages that may call the app from a browser (`*`: any); empty: none. */
    allowedOrigins: z.array(z.string()),
    /** The first characters of the current API key, to recognise which key a client holds. */
    keyPrefix: z.string(),
    keyRotatedAt: z.string(),
    /** The website widget's key: public by design, it can only chat, from the allowed web pages. */
    widgetKey: z.string(),
  })
  .extend(timestampsShape);
export type App = z.infer<typeof appSchema>;

/** POST /app/info/save and /update/{id} (WAVE2 §4.2 field rules). */
export const appSaveSchema = z.object({
  customerId: idNumber(),
  name: text().trim().min(1).max(64),
  code: text().trim().min(1).max(64).regex(APP_CODE_PATTERN),
  port: z.number().int().min(APP_PORT_MIN).max(APP_PORT_MAX),
  description: optionalText(500),
  allowedOrigins: allowedOriginsSchema.optional().default([]),
});
export type AppSave = z.input<typeof appSaveSchema>;

export const APP_SORT_FIELDS = ['name', 'code', 'port', 'status', 'createdAt', 'updatedAt'] as const;
/** POST /app/info/list/page: the keyword matches name or code. */
export const appPageQuerySchema = pageQuerySchema.extend({
  keyword: text().trim().max(64).optional(),
  customerId: idNumber().optional(),
  status: appStatusSchema.optional(),
  orderBy: orderBySchema(APP_SORT_FIELDS),
});
export type AppPageQuery = z.input<typeof appPageQuerySchema>;

/** The answer of save: the app and its API key in the clear, shown this once. */
export const appCreatedSchema = appSchema.extend({ apiKey: z.string() });
export type AppCreated = z.infer<typeof appCreatedSchema>;

/** POST /app/info/rotateKey/{id}: the new key in the clear, shown this once. */
export const appKeySchema = z.object({ apiKey: z.string() });
export type AppKey = z.infer<typeof appKeySchema>;

/** POST /app/info/rotateWidgetKey/{id}: pages that carry the old key stop chatting at once. */
export const appWidgetKeySchema = z.object({ widgetKey: z.string() });
export type AppWidgetKey = z.infer<typeof appWidgetKeySchema>;

/** GET /app/info/getPort: a port free at the time of asking (not reserved). */
export const appPortSchema = z.object({ port: z.number().int() });
export type AppPort = z.infer<typeof appPortSchema>;

/** GET /app/info/startApp/{id} and stopApp/{id}: where the app ended. */
export const appStateSchema = z.object({
  id: z.number().int(),
  status: appStatusSchema,
  statusReason: z.string().nullable(),
});
export type AppState = z.infer<typeof appStateSchema>;

/** GET /app/info/delete/{id}. */
export const appDeletedSchema = z.object({ affected: z.number().int() });

/** What each app route takes and answers: SPEC §7 "Apps", WAVE2 §4 and §15.3. */
export const APP_INFO_ROUTE_SCHEMAS = {
  page: { summary: 'App page list', body: appPageQuerySchema, answer: pageResultSchema(appSchema) },
  options: {
    summary: 'Apps within the caller’s scope, for pickers',
    querystring: appListQuerySchema,
    answer: appOptionsSchema,
  },
  save: { summary: 'Create an app; answers its API key this once', body: appSaveSchema, answer: appCreatedSchema },
  update: {
    summary: 'Change an app (its port only while it is stopped)',
    params: systemIdParamsSchema,
    body: appSaveSchema,
    answer: appSchema,
  },
  port: { summary: 'A port free right now', answer: appPortSchema },
  start: { summary: 'Start an app: open its listener', params: systemIdParamsSchema, answer: appStateSchema },
  stop: { summary: 'Stop an app: close its listener', params: systemIdParamsSchema, answer: appStateSchema },
  remove: {
    summary: 'Delete a stopped app with its configuration',
    params: systemIdParamsSchema,
    answer: appDeletedSchema,
  },
  rotateKey: {
    summary: 'Replace an app’s API key; answers the new key this once',
    params: systemIdParamsSchema,
    answer: appKeySchema,
  },
  rotateWidgetKey: {
    summary: 'Replace an app’s website widget key; pages carrying the old one stop chatting',
    params: systemIdParamsSchema,
    answer: appWidgetKeySchema,
  },
} satisfies RouteSchemas;

export const APP_INFO_ROUTES = apiRoutes<typeof APP_INFO_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/app/info/list/page',
  options: 'GET /api/v3/app/info/getList',
  save: 'POST /api/v3/app/info/save',
  update: 'POST /api/v3/app/info/update/:id',
  port: 'GET /api/v3/app/info/getPort',
  start: 'GET /api/v3/app/info/startApp/:id',
  stop: 'GET /api/v3/app/info/stopApp/:id',
  remove: 'GET /api/v3/app/info/delete/:id',
  rotateKey: 'POST /api/v3/app/info/rotateKey/:id',
  rotateWidgetKey: 'POST /api/v3/app/info/rotateWidgetKey/:id',
});
