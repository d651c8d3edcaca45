import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { pathId } from './primitives';

export * from './usage.permissions';

/**
 * Usage (SPEC §3 "Usage", §7 `/dashboard/*`; WAVE2 §8 with §15.6). The unit is one agent answer;
 * a customer has a monthly quota (calendar month, server time zone; 0 = no answers; null =
 * unlimited). "Per-role usage" is per app: an app is an AI role.
 */

/** The largest quota a person may set: far beyond any month of answers, well inside an int4. */
export const USAGE_QUOTA_MAX = 100_000_000;

/** Days in the trend, today included (SPEC §9 "last 7 days"). */
export const USAGE_TREND_DAYS = 7;

/**
 * The usage calls' query: the customer chosen (SPEC §3 "chosen per customer"), or without one
 * every customer of the caller's data scope rolled up ("All my customers").
 */
export const usageQuerySchema = z.object({ customerId: pathId().optional() });
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** POST /api/v3/dashboard/setQuota: null = unlimited, 0 = no answers. */
export const usageQuotaSchema = z
  .object({
    customerId: z.number().int().min(1).max(2_147_483_647),
    quota: z.number().int().min(0).max(USAGE_QUOTA_MAX).nullable(),
  })
  .strict();
export type UsageQuotaInput = z.infer<typeof usageQuotaSchema>;

/** GET /api/v3/dashboard/getCompanyUsageDashboard: the five cards. */
export const usageDashboardSchema = z.object({
  /** The customer shown; null for "All my customers" (the caller's scope holds more than one). */
  customerId: z.number().int().nullable(),
  /** null: unlimited. Rolled up: the customers' quotas added, unlimited when any one is. */
  totalQuota: z.number().int().nullable(),
  used: z.number().int(),
  /** null: unlimited; never below 0. Rolled up: each customer's remaining added. */
  remaining: z.number().int().nullable(),
  /** Last month's quota − last month's use, floored at 0 (no carry-over); null: unlimited then. Rolled up as `remaining`. */
  lastMonthRemaining: z.number().int().nullable(),
  /** used ÷ quota in %, one decimal; null when unlimited or the quota is 0. */
  usageRate: z.number().nullable(),
  unit: z.literal('answer'),
  /** The current month: first day and last day, `YYYY-MM-DD`, server time zone. */
  period: z.object({ from: z.string(), to: z.string() }),
});
export type UsageDashboard = z.infer<typeof usageDashboardSchema>;

/** GET /api/v3/dashboard/getRoleUsageStatistics: this month's use per app (an app is an AI role). */
export const roleUsageSchema = z.object({
  /** The app's id as text; `none` for answers of no app (an app since deleted). */
  roleKey: z.string(),
  roleName: z.string(),
  appId: z.number().int().nullable(),
  /** The app's customer (null for the deleted-apps row): tells apps of the same name apart when rolled up. */
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  used: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
});
export type RoleUsage = z.infer<typeof roleUsageSchema>;
export const roleUsageListSchema = z.array(roleUsageSchema);

/** GET /api/v3/dashboard/getUsageTrendStatistics: exactly 7 days ending today, zeros filled. */
export const usageTrendPointSchema = z.object({ date: z.string(), used: z.number().int() });
export type UsageTrendPoint = z.infer<typeof usageTrendPointSchema>;
export const usageTrendSchema = z.array(usageTrendPointSchema);

export const USAGE_ROUTE_SCHEMAS = {
  dashboard: {
    summary:
      "Quota, use and remaining answers this month, and last month's remaining: of one customer, or without customerId of every customer in the caller's scope",
    querystring: usageQuerySchema,
    answer: usageDashboardSchema,
  },
  roles: {
    summary: "This month's answers per app (an app is an AI role)",
    querystring: usageQuerySchema,
    answer: roleUsageListSchema,
  },
  trend: {
    summary: 'Answers per day over the last 7 days, today included, days without answers at 0',
    querystring: usageQuerySchema,
    answer: usageTrendSchema,
  },
  setQuota: {
    summary: "Set a customer's monthly answer quota from this month on (null: unlimited; 0: no answers)",
    body: usageQuotaSchema,
    answer: usageDashboardSchema,
  },
} satisfies RouteSchemas;

export const USAGE_ROUTES = apiRoutes<typeof USAGE_ROUTE_SCHEMAS>({
  dashboard: 'GET /api/v3/dashboard/getCompanyUsageDashboard',
  roles: 'GET /api/v3/dashboard/getRoleUsageStatistics',
  trend: 'GET /api/v3/dashboard/getUsageTrendStatistics',
  setQuota: 'POST /api/v3/dashboard/setQuota',
});
