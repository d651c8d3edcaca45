import {
  envelopeSchema,
  followupDryRunSchema,
  followupRobotSendLogQuerySchema,
  followupSendSchema,
  followupStrategySendLogQuerySchema,
  followupSweepResultSchema,
  keysetPageResultSchema,
  PERMISSIONS,
  systemIdParamsSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { nowOf } from '../../../lib/clock';
import { dryRun, sweepNow } from './dry-run.service';
import { pageSends } from './send-log.service';

const BASE = '/api/v3/followup';
const tags = ['followup'];

/**
 * Follow-up at work (issue 18): the send logs of a strategy and of a robot, a robot's dry run
 * ("who would be contacted now, and with what"), and "Sweep now". The strategies' and robots'
 * own calls are in modules/automation/followup.
 */
export async function followupRuntimeRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const logPage = { 200: envelopeSchema(keysetPageResultSchema(followupSendSchema)) };

  app.post(
    `${BASE}/config/sendLog/page`,
    {
      config: { permission: PERMISSIONS.followupConfig.list },
      schema: { tags, summary: "A strategy's send log", body: followupStrategySendLogQuerySchema, response: logPage },
    },
    async (request) => ok(await pageSends(db, requireAuth(request), request.body)),
  );
  app.post(
    `${BASE}/robot/sendLog/page`,
    {
      config: { permission: PERMISSIONS.followupActive.list },
      schema: { tags, summary: "A robot's send log", body: followupRobotSendLogQuerySchema, response: logPage },
    },
    async (request) => ok(await pageSends(db, requireAuth(request), request.body)),
  );
  app.get(
    `${BASE}/robot/dryRun/:id`,
    {
      config: { permission: PERMISSIONS.followupActive.list },
      schema: {
        tags,
        summary: 'Who the robot would write to now, and with what (nothing is sent)',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(followupDryRunSchema) },
      },
    },
    async (request) => ok(await dryRun(db, requireAuth(request), request.params.id, nowOf(deps), deps.pacing)),
  );
  app.post(
    `${BASE}/robot/sweep/:id`,
    {
      config: { permission: PERMISSIONS.followupActive.edit },
      schema: {
        tags,
        summary: "Run the robot's sweep now (same rules as the minute sweep)",
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(followupSweepResultSchema) },
      },
    },
    async (request) =>
      ok(
        await sweepNow(
          { db, boss: deps.boss, pacing: deps.pacing, ...(deps.logger ? { logger: deps.logger } : {}) },
          requireAuth(request),
          request.params.id,
          nowOf(deps),
        ),
      ),
  );
}
