import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { relationshipSchema } from './chat-address';
import { orderBySchema, pageQuerySchema, pageResultSchema } from './envelope';
import { EXPORT_ROW_LIMIT } from './monitor';
import { idNumber, pathId, text } from './primitives';

export * from './metrics.permissions';

/** The default period of the metrics screens: the last 7 days, today included (as the usage trend). */
export const METRICS_DEFAULT_DAYS = 7;
/** The longest period one request may ask for, in days (a year, a leap year included). */
export const METRICS_MAX_DAYS = 366;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day in the server's time zone, `YYYY-MM-DD`, that exists (no 2024-02-30). */
export const metricsDaySchema = z
  .string()
  .regex(DAY_PATTERN, { message: 'invalidFormat' })
  .refine(
    (v) => {
      // A malformed value is reported once, by the pattern above.
      if (!DAY_PATTERN.test(v)) return true;
      const [y, m, d] = v.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    },
    { message: 'invalidValue' },
  );

const periodShape = {
  /** First and last day of the period, both included; default the last 7 days. */
  dateFrom: metricsDaySchema.optional(),
  dateTo: metricsDaySchema.optional(),
};

export const SESSION_METRICS_SORT_FIELDS = [
  'lastMessageAt',
  'firstMessageAt',
  'sessions',
  'messagesIn',
  'messagesOut',
  'avgFirstResponseMs',
  'leads',
  'nickname',
] as const;
export type SessionMetricsSortField = (typeof SESSION_METRICS_SORT_FIELDS)[number];

const sessionFilterShape = {
  ...periodShape,
  customerId: idNumber().optional(),
  accountId: idNumber().optional(),
  appId: idNumber().optional(),
  relationship: relationshipSchema.optional(),
  /** Matches the contact's nickname or wcId. */
  keyword: text().trim().max(64).optional(),
  /** Only contacts with (true) or without (false) a captured lead. */
  hasLead: z.boolean().optional(),
  orderBy: orderBySchema(SESSION_METRICS_SORT_FIELDS),
};

/** POST /metrics/customer/session/list/page (and its export): one row per contact with a session in the period. */
export const sessionMetricsPageQuerySchema = pageQuerySchema.extend(sessionFilterShape);
export type SessionMetricsPageQuery = z.input<typeof sessionMetricsPageQuerySchema>;
export const sessionMetricsFilterSchema = z.object(sessionFilterShape);

/** One contact's sessions in the period (WAVE2 §9.2). */
export const sessionMetricsRowSchema = z.object({
  /** `accountId:wcId`: what tells rows apart (one contact per account). */
  key: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  /** The contact row, once the console knows it (messages may come first). */
  contactId: z.number().int().nullable(),
  wcId: z.string(),
  nickname: z.string(),
  relationship: relationshipSchema,
  /** The app serving the account in the contact's latest session of the period. */
  appId: z.number().int().nullable(),
  appName: z.string().nullable(),
  sessions: z.number().int(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
  agentReplies: z.number().int(),
  personReplies: z.number().int(),
  firstMessageAt: z.string(),
  lastMessageAt: z.string(),
  /** Mean time from a session's first incoming message to its first reply; null when none was answered. */
  avgFirstResponseMs: z.number().int().nullable(),
  /** Lead items captured from the contact (all time). */
  leads: z.number().int(),
});
export type SessionMetricsRow = z.infer<typeof sessionMetricsRowSchema>;

/**
 * GET /metrics/dashboard over a period: one customer of the caller's data scope, or without
 * `customerId` every customer of it rolled up ("All my customers").
 */
export const metricsDashboardQuerySchema = z.object({
  customerId: pathId().optional(),
  ...periodShape,
});
export type MetricsDashboardQuery = z.output<typeof metricsDashboardQuerySchema>;

/**
 * The dashboard's figures. Every figure that has a daily series in `trend` is the sum of that
 * series over the period: one definition for the card and its chart line (docs/metrics.md).
 */
export const metricsKpisSchema = z.object({
  /**
   * Contacts whose first contact fell in the period: the console first saw them then (their
   * contact row made, or their first message logged, whichever came first). A contact known
   * before the period and only messaged in it is not new.
   */
  newContacts: z.number().int(),
  friendRequests: z.number().int(),
  friendsAccepted: z.number().int(),
  /** Sessions started in the period, and of them those in which the contact wrote. */
  sessions: z.number().int(),
  activeSessions: z.number().int(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
  agentReplies: z.number().int(),
  /** Agent replies that answered (not the fallback), over incoming messages; null without incoming messages. */
  agentAnswered: z.number().int(),
  agentReplyRate: z.number().nullable(),
  /**
   * "Needed a person": active sessions in which the agent handed over to a person (its fallback
   * reply), counted on the day the session started; the rate is over active sessions.
   */
  handoverSessions: z.number().int(),
  handoverRate: z.number().nullable(),
  personReplies: z.number().int(),
  medianFirstResponseMs: z.number().int().nullable(),
  /** Contacts with a lead item captured in the period. */
  leadsCaptured: z.number().int(),
  /** Follow-up messages delivered in the period (a strategy's step that went; not those held back or failed). */
  followupsSent: z.number().int(),
  /** Messaging accounts of the customer now. */
  accountsOnline: z.number().int(),
  accountsOffline: z.number().int(),
});
export type MetricsKpis = z.infer<typeof metricsKpisSchema>;

export const metricsTrendPointSchema = z.object({
  date: z.string(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
  activeSessions: z.number().int(),
  newContacts: z.number().int(),
  agentAnswered: z.number().int(),
  /** Sessions that needed a person (the card `handoverSessions` is their sum). */
  handoverSessions: z.number().int(),
});
export type MetricsTrendPoint = z.infer<typeof metricsTrendPointSchema>;

export const unansweredQuestionSchema = z.object({
  question: z.string(),
  count: z.number().int(),
  lastAt: z.string(),
});
export type UnansweredQuestion = z.infer<typeof unansweredQuestionSchema>;

/** How many unanswered questions the dashboard lists. */
export const UNANSWERED_TOP = 10;

export const metricsDashboardSchema = z.object({
  /** The customer shown; null for "All my customers" (the caller's scope holds more than one). */
  customerId: z.number().int().nullable(),
  dateFrom: z.string(),
  dateTo: z.string(),
  kpis: metricsKpisSchema,
  /** One point per day of the period, days without activity as zeros. */
  trend: z.array(metricsTrendPointSchema),
  unanswered: z.array(unansweredQuestionSchema),
});
export type MetricsDashboard = z.infer<typeof metricsDashboardSchema>;

/** The metrics routes; the session export answers with a file and is registered by hand. */
export const METRICS_ROUTE_SCHEMAS = {
  sessionPage: {
    summary: 'Per contact: sessions, messages and first response in a period (default the last 7 days)',
    body: sessionMetricsPageQuerySchema,
    answer: pageResultSchema(sessionMetricsRowSchema),
  },
  sessionExport: {
    summary: `XLSX of the session metrics matching the filters (at most ${EXPORT_ROW_LIMIT} rows)`,
    body: sessionMetricsPageQuerySchema,
  },
  dashboard: {
    summary:
      "KPIs, daily trend and top unanswered questions in a period: of one customer, or without customerId of every customer in the caller's scope",
    querystring: metricsDashboardQuerySchema,
    answer: metricsDashboardSchema,
  },
} satisfies RouteSchemas;

export const METRICS_ROUTES = apiRoutes<typeof METRICS_ROUTE_SCHEMAS>({
  sessionPage: 'POST /api/v3/metrics/customer/session/list/page',
  sessionExport: 'POST /api/v3/metrics/customer/session/export',
  dashboard: 'GET /api/v3/metrics/dashboard',
});
