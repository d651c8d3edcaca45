import { FOLLOWUP_ACTIVE_PERMISSIONS, FOLLOWUP_CONFIG_PERMISSIONS } from '@agent-console/contracts';
import { FOLLOWUP_ROUTE_SCHEMAS, FOLLOWUP_ROUTES } from '@agent-console/contracts/followup';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { sendStoredFile } from '../../../http/download';
import { serveRoutes } from '../../../http/serve-routes';
import { AppError } from '../../../lib/app-error';
import { nowOf } from '../../../lib/clock';
import { createRobot, deleteRobot, pageRobots, setRobotEnabled, updateRobot } from './robot.service';
import {
  createStrategy,
  deleteStrategy,
  listStrategyOptions,
  loadStepObject,
  pageStrategies,
  setStrategyEnabled,
  updateStrategy,
} from './strategy.service';

const tags = ['followup'];
const S = FOLLOWUP_CONFIG_PERMISSIONS;
const R = FOLLOWUP_ACTIVE_PERMISSIONS;

/**
 * Follow-up strategies and robots (SPEC §7 "Follow-up", WAVE2 §7 with §15.8): the CRUD calls of
 * both screens, every one within the caller's customers. The sweeps and send log are
 * modules/automation/followup-runtime.
 */
export async function followupRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const route = serveRoutes(fastify, FOLLOWUP_ROUTES, FOLLOWUP_ROUTE_SCHEMAS, tags);

  route('strategyPage', { permission: S.list }, (r) => pageStrategies(db, requireAuth(r), r.body, r.lang));
  route('saveStrategy', { permission: S.add }, (r) => createStrategy(db, requireAuth(r), r.body, r.lang));
  route('updateStrategy', { permission: S.edit }, (r) =>
    updateStrategy(db, requireAuth(r), r.params.id, r.body, r.lang),
  );
  route('setStrategyEnabled', { permission: S.edit }, (r) =>
    setStrategyEnabled(db, requireAuth(r), r.params.id, r.body.enabled),
  );
  route('removeStrategy', { permission: S.remove }, (r) =>
    deleteStrategy(db, requireAuth(r), r.params.id, r.query.customerId),
  );
  // The robot dialog picks strategies, so whoever may manage robots may list them without the
  // strategy screen's permission.
  route('strategyOptions', { permission: R.list }, (r) => listStrategyOptions(db, requireAuth(r), r.query.customerId));
  // A step's file or image, for whoever may see the strategies (the AI role's file route needs
  // the new-customer access permission instead). A download, registered by hand at the path the
  // strategies' view URLs are built from (strategy.service.ts).
  const { summary, params } = FOLLOWUP_ROUTE_SCHEMAS.stepFile;
  app.get(
    FOLLOWUP_ROUTES.stepFile.path,
    { config: { permission: S.list }, schema: { tags, summary, params } },
    async (request, reply) => {
      if (!deps.storage) throw new AppError('B0001', null, 'object storage not configured');
      return sendStoredFile(reply, deps.storage, await loadStepObject(db, requireAuth(request), request.params.id));
    },
  );

  route('robotPage', { permission: R.list }, (r) => pageRobots(db, requireAuth(r), r.body, r.lang, nowOf(deps)));
  route('saveRobot', { permission: R.add }, (r) => createRobot(db, requireAuth(r), r.body, r.lang, nowOf(deps)));
  route('updateRobot', { permission: R.edit }, (r) =>
    updateRobot(db, requireAuth(r), r.params.id, r.body, r.lang, nowOf(deps)),
  );
  route('removeRobot', { permission: R.remove }, (r) => deleteRobot(db, requireAuth(r), r.params.id));
  route('setRobotEnabled', { permission: R.edit }, (r) =>
    setRobotEnabled(db, requireAuth(r), r.params.id, r.body.enabled),
  );
}
