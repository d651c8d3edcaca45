import { USAGE_PERMISSIONS } from '@agent-console/contracts';
import { USAGE_ROUTE_SCHEMAS, USAGE_ROUTES } from '@agent-console/contracts/usage';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { nowOf } from '../../../lib/clock';
import { companyUsage, roleUsage, setQuota, usageTrend } from './usage.service';

/**
 * Usage (SPEC §7 `/dashboard/*`, WAVE2 §8 with §15.6): the three reads of the usage dashboard,
 * for a customer in the caller's data scope, and the one added call that sets a quota
 * (`usage:quota:edit`, seeded for administrators only).
 */
export async function usageRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, USAGE_ROUTES, USAGE_ROUTE_SCHEMAS, ['usage']);

  route('dashboard', { permission: USAGE_PERMISSIONS.view }, (r) =>
    companyUsage(db, requireAuth(r), r.query, nowOf(deps)),
  );
  route('roles', { permission: USAGE_PERMISSIONS.view }, (r) =>
    roleUsage(db, requireAuth(r), r.query, nowOf(deps), r.lang),
  );
  route('trend', { permission: USAGE_PERMISSIONS.view }, (r) => usageTrend(db, requireAuth(r), r.query, nowOf(deps)));
  route('setQuota', { permission: USAGE_PERMISSIONS.quotaEdit }, (r) =>
    setQuota(db, requireAuth(r), r.body, nowOf(deps)),
  );
}
