import { FOLLOWUP_ACTIVE_PERMISSIONS, FOLLOWUP_CONFIG_PERMISSIONS } from '@agent-console/contracts';
import { FOLLOWUP_RUNTIME_ROUTE_SCHEMAS, FOLLOWUP_RUNTIME_ROUTES } from '@agent-console/contracts/followup';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { nowOf } from '../../../lib/clock';
import { dryRun, sweepNow } from './dry-run.service';
import { pageSends } from './send-log.service';

/**
 * Follow-up at work (issue 18): the send logs of a strategy and of a robot, a robot's dry run
 * ("who would be contacted now, and with what"), and "Sweep now". The strategies' and robots'
 * own calls are in modules/automation/followup.
 */
export async function followupRuntimeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, FOLLOWUP_RUNTIME_ROUTES, FOLLOWUP_RUNTIME_ROUTE_SCHEMAS, ['followup']);

  route('strategySends', { permission: FOLLOWUP_CONFIG_PERMISSIONS.list }, (r) =>
    pageSends(db, requireAuth(r), r.body),
  );
  route('robotSends', { permission: FOLLOWUP_ACTIVE_PERMISSIONS.list }, (r) => pageSends(db, requireAuth(r), r.body));
  route('dryRun', { permission: FOLLOWUP_ACTIVE_PERMISSIONS.list }, (r) =>
    dryRun(db, requireAuth(r), r.params.id, nowOf(deps), deps.pacing),
  );
  route('sweep', { permission: FOLLOWUP_ACTIVE_PERMISSIONS.edit }, (r) =>
    sweepNow(
      { db, boss: deps.boss, pacing: deps.pacing, ...(deps.logger ? { logger: deps.logger } : {}) },
      requireAuth(r),
      r.params.id,
      nowOf(deps),
    ),
  );
}
