import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { orderBySchema, pageQuerySchema, pageResultSchema } from './envelope';
import { keysetPageResultSchema, keysetQueryShape } from './keyset';
import { bigIdNumber, text } from './primitives';

export * from './monitor.permissions';

/** Business types of an operation-log row (ANCHORS §B). */
export const BUSINESS_TYPES = [
  'other',
  'insert',
  'update',
  'delete',
  'grant',
  'export',
  'import',
  'forceLogout',
  'clean',
  'takeOver',
  'release',
  'resolve',
  'send',
  'start',
  'stop',
  'run',
  'sync',
] as const;
export const businessTypeSchema = z.enum(BUSINESS_TYPES);
export type BusinessType = z.infer<typeof businessTypeSchema>;

export const LOG_STATUSES = ['success', 'failure'] as const;
export const logStatusSchema = z.enum(LOG_STATUSES);
export type LogStatus = z.infer<typeof logStatusSchema>;

/** What a login-log row records: a sign-in attempt, a logout, or a session forced out by someone. */
export const LOGIN_EVENTS = ['login', 'logout', 'forceLogout'] as const;
export const loginEventSchema = z.enum(LOGIN_EVENTS);
export type LoginEvent = z.infer<typeof loginEventSchema>;

/** Search texts are short; a cap keeps a 10,000-character filter from reaching the database. */
const filterText = text().trim().max(64).optional();
const isoTime = z.iso.datetime({ offset: true }).optional();
/** At most this many rows go into one export file. */
export const EXPORT_ROW_LIMIT = 50_000;

// ---- online users ----------------------------------------------------------------------------

// Filter shapes are plain objects so the web bundle, which reads no schema, can drop them all.
export const ONLINE_SORT_FIELDS = ['loginTime', 'lastSeenAt', 'username', 'ip'] as const;
const onlineUserFilterShape = {
  username: filterText,
  ip: filterText,
  orderBy: orderBySchema(ONLINE_SORT_FIELDS),
};
export const onlineUserFilterSchema = z.object(onlineUserFilterShape);
export const onlineUserPageRequestSchema = pageQuerySchema.extend(onlineUserFilterShape);
export type OnlineUserFilter = z.infer<typeof onlineUserFilterSchema>;
export type OnlineUserPageRequest = z.infer<typeof onlineUserPageRequestSchema>;

export const onlineUserSchema = z.object({
  /** The session key; force logout takes it. */
  key: z.string(),
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  loginTime: z.string(),
  lastSeenAt: z.string(),
  /** The caller's own session: forcing it out signs the caller out. */
  current: z.boolean(),
});
export type OnlineUser = z.infer<typeof onlineUserSchema>;

export const sessionKeySchema = text().trim().min(1).max(64);
export const forceLogoutRequestSchema = z.object({ keys: z.array(sessionKeySchema).min(1).max(500) });
export type ForceLogoutRequest = z.infer<typeof forceLogoutRequestSchema>;
export const forceLogoutResultSchema = z.object({ count: z.number().int() });
/** GET /monitor/online/user/logout/{key}: one session by its key. */
export const sessionKeyParamsSchema = z.object({ key: sessionKeySchema });

// ---- operation log ---------------------------------------------------------------------------

export const OPERATION_SORT_FIELDS = ['createdAt', 'costMs', 'title', 'username'] as const;
const operationLogFilterShape = {
  title: filterText,
  username: filterText,
  businessType: businessTypeSchema.optional(),
  status: logStatusSchema.optional(),
  beginTime: isoTime,
  endTime: isoTime,
  orderBy: orderBySchema(OPERATION_SORT_FIELDS),
};
export const operationLogFilterSchema = z.object(operationLogFilterShape);
export const operationLogPageRequestSchema = pageQuerySchema.extend({
  ...operationLogFilterShape,
  ...keysetQueryShape,
});
export type OperationLogFilter = z.infer<typeof operationLogFilterSchema>;
export type OperationLogPageRequest = z.infer<typeof operationLogPageRequestSchema>;

export const operationLogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  businessType: businessTypeSchema,
  method: z.string(),
  path: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  params: z.string().nullable(),
  result: z.string().nullable(),
  status: logStatusSchema,
  httpStatus: z.number().int(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  costMs: z.number().int(),
  createdAt: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

// ---- login log -------------------------------------------------------------------------------

export const LOGIN_SORT_FIELDS = ['createdAt', 'username', 'ip'] as const;
const loginLogFilterShape = {
  username: filterText,
  ip: filterText,
  event: loginEventSchema.optional(),
  status: logStatusSchema.optional(),
  beginTime: isoTime,
  endTime: isoTime,
  orderBy: orderBySchema(LOGIN_SORT_FIELDS),
};
export const loginLogFilterSchema = z.object(loginLogFilterShape);
export const loginLogPageRequestSchema = pageQuerySchema.extend({ ...loginLogFilterShape, ...keysetQueryShape });
export type LoginLogFilter = z.infer<typeof loginLogFilterSchema>;
export type LoginLogPageRequest = z.infer<typeof loginLogPageRequestSchema>;

export const loginLogSchema = z.object({
  id: z.number().int(),
  event: loginEventSchema,
  status: logStatusSchema,
  userId: z.number().int().nullable(),
  username: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** `00000` for success, else the error code the caller got (A0210, A0211, ...). */
  code: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type LoginLog = z.infer<typeof loginLogSchema>;

// ---- shared ----------------------------------------------------------------------------------

export const logIdsRequestSchema = z.object({
  ids: z.array(bigIdNumber()).min(1).max(500),
});
export type LogIdsRequest = z.infer<typeof logIdsRequestSchema>;
export const logCountResultSchema = z.object({ count: z.number().int() });
export type LogCountResult = z.infer<typeof logCountResultSchema>;

/**
 * GET /monitor/model/status (issue 33): the language-model services and their circuit breakers,
 * for Home. Product-wide state, so only callers whose data scope is all of it get it; others get
 * null.
 */
export const modelClientStatusSchema = z.object({
  /** `chat` answers customers; `miner` mines QA from documents; `embedding` gives the vectors of retrieval by meaning. */
  client: z.enum(['chat', 'miner', 'embedding']),
  /** A model service is configured (LLM_BASE_URL); otherwise the built-in answerer and miner work alone. */
  configured: z.boolean(),
  /** closed: calls go through; open: they fail at once and the built-in answerer replies; halfOpen: one trial call. */
  state: z.enum(['closed', 'halfOpen', 'open']),
  /** Failed calls in a row. */
  failures: z.number().int(),
  /** When the breaker last opened; null while closed. */
  openedAt: z.string().nullable(),
});
export type ModelClientStatus = z.infer<typeof modelClientStatusSchema>;
export const modelStatusSchema = z.object({ clients: z.array(modelClientStatusSchema) }).nullable();
export type ModelStatus = z.infer<typeof modelStatusSchema>;

// ---- routes ----------------------------------------------------------------------------------

/** Online users (SPEC §7 "Monitor"): the live rows of `sessions`; forcing one out deletes its row. */
export const ONLINE_USER_ROUTE_SCHEMAS = {
  page: {
    summary: 'Live sessions, newest activity first',
    body: onlineUserPageRequestSchema,
    answer: pageResultSchema(onlineUserSchema),
  },
  logoutOne: {
    summary: 'Force one session out; its next request answers A0301',
    params: sessionKeyParamsSchema,
    answer: forceLogoutResultSchema,
  },
  logout: {
    summary: 'Force several sessions out (all or none)',
    body: forceLogoutRequestSchema,
    answer: forceLogoutResultSchema,
  },
  /** An XLSX file, not an envelope. */
  export: {
    summary: `XLSX of the live sessions matching the filters (at most ${EXPORT_ROW_LIMIT} rows)`,
    body: onlineUserPageRequestSchema,
  },
} satisfies RouteSchemas;

export const ONLINE_USER_ROUTES = apiRoutes<typeof ONLINE_USER_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/monitor/online/user/page',
  logoutOne: 'GET /api/v3/monitor/online/user/logout/:key',
  logout: 'POST /api/v3/monitor/online/user/logout',
  export: 'POST /api/v3/monitor/online/user/export',
});

/**
 * The operation and login logs answer the same calls, each under its own path (SPEC §7 "Monitor"):
 * a log's schema table, from its filters and its row.
 */
function logRouteSchemas<Q extends z.ZodType, R extends z.ZodType>(title: string, request: Q, row: R) {
  return {
    page: { summary: `${title}, newest first`, body: request, answer: keysetPageResultSchema(row) },
    remove: { summary: 'Delete log rows by id (all or none)', body: logIdsRequestSchema, answer: logCountResultSchema },
    clean: { summary: "Delete every row within the caller's data scope", answer: logCountResultSchema },
    /** An XLSX file, not an envelope. */
    export: { summary: `XLSX of the rows matching the filters (at most ${EXPORT_ROW_LIMIT})`, body: request },
  } satisfies RouteSchemas;
}

export const OPERATION_LOG_ROUTE_SCHEMAS = logRouteSchemas(
  'Operation log',
  operationLogPageRequestSchema,
  operationLogSchema,
);

export const OPERATION_LOG_ROUTES = apiRoutes<typeof OPERATION_LOG_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/monitor/operation/log/page',
  remove: 'POST /api/v3/monitor/operation/log/delete',
  clean: 'GET /api/v3/monitor/operation/log/clean',
  export: 'POST /api/v3/monitor/operation/log/export',
});

export const LOGIN_LOG_ROUTE_SCHEMAS = logRouteSchemas('Login log', loginLogPageRequestSchema, loginLogSchema);

export const LOGIN_LOG_ROUTES = apiRoutes<typeof LOGIN_LOG_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/monitor/log/login/page',
  remove: 'POST /api/v3/monitor/log/login/delete',
  clean: 'GET /api/v3/monitor/log/login/clean',
  export: 'POST /api/v3/monitor/log/login/export',
});

/** The language-model services and their circuit breakers, for Home (issue 33). */
export const MODEL_STATUS_ROUTE_SCHEMAS = {
  status: {
    summary: 'The language-model services and their circuit breakers (product administrators only)',
    answer: modelStatusSchema,
  },
} satisfies RouteSchemas;

export const MODEL_STATUS_ROUTES = apiRoutes<typeof MODEL_STATUS_ROUTE_SCHEMAS>({
  status: 'GET /api/v3/monitor/model/status',
});
