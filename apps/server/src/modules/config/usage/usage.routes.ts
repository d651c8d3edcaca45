import {
  envelopeSchema,
  PERMISSIONS,
  roleUsageListSchema,
  usageDashboardSchema,
  usageQuerySchema,
  usageQuotaSchema,
  usageTrendSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { nowOf } from '../../../lib/clock';
import { companyUsage, roleUsage, setQuota, usageTrend } from './usage.service';

const BASE = '/api/v3/dashboard';
const tags = ['usage'];

/**
 * Usage (SPEC §7 `/dashboard/*`, WAVE2 §8 with §15.6): the three reads of the usage dashboard,
 * for a customer in the caller's data scope, and the one added call that sets a quota
 * (`usage:quota:edit`, seeded for administrators only).
 */
export async function usageRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    `${BASE}/getCompanyUsageDashboard`,
    {
      config: { permission: PERMISSIONS.usage.view },
      schema: {
        tags,
        summary:
          "Quota, use and remaining answers this month, and last month's remaining: of one customer, or without customerId of every customer in the caller's scope",
        querystring: usageQuerySchema,
        response: { 200: envelopeSchema(usageDashboardSchema) },
      },
    },
    async (request) => ok(await companyUsage(db, requireAuth(request), request.query, nowOf(deps))),
  );
  app.get(
    `${BASE}/getRoleUsageStatistics`,
    {
      config: { permission: PERMISSIONS.usage.view },
      schema: {
        tags,
        summary: "This month's answers per app (an app is an AI role)",
        querystring: usageQuerySchema,
        response: { 200: envelopeSchema(roleUsageListSchema) },
      },
    },
    async (request) => ok(await roleUsage(db, requireAuth(request), request.query, nowOf(deps), request.lang)),
  );
  app.get(
    `${BASE}/getUsageTrendStatistics`,
    {
      config: { permission: PERMISSIONS.usage.view },
      schema: {
        tags,
        summary: 'Answers per day over the last 7 days, today included, days without answers at 0',
        querystring: usageQuerySchema,
        response: { 200: envelopeSchema(usageTrendSchema) },
      },
    },
    async (request) => ok(await usageTrend(db, requireAuth(request), request.query, nowOf(deps))),
  );
  app.post(
    `${BASE}/setQuota`,
    {
      config: { permission: PERMISSIONS.usage.quotaEdit },
      schema: {
        tags,
        summary: "Set a customer's monthly answer quota from this month on (null: unlimited; 0: no answers)",
        body: usageQuotaSchema,
        response: { 200: envelopeSchema(usageDashboardSchema) },
      },
    },
    async (request) => ok(await setQuota(db, requireAuth(request), request.body, nowOf(deps))),
  );
}
