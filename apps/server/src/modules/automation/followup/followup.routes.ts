import {
  envelopeSchema,
  followupAffectedSchema,
  followupDeleteQuerySchema,
  followupEnabledResultSchema,
  followupEnabledSchema,
  followupRobotPageQuerySchema,
  followupRobotSaveSchema,
  followupRobotSchema,
  followupStrategyOptionSchema,
  followupStrategyOptionsQuerySchema,
  followupStrategyPageQuerySchema,
  followupStrategySaveSchema,
  followupStrategySchema,
  idParamsSchema,
  PERMISSIONS,
  pageResultSchema,
  systemIdParamsSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { contentDisposition } from '../../../http/download';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../lib/app-error';
import { nowOf } from '../../../lib/clock';
import { createRobot, deleteRobot, pageRobots, setRobotEnabled, updateRobot } from './robot.service';
import {
  createStrategy,
  deleteStrategy,
  FOLLOWUP_FILE_PATH,
  listStrategyOptions,
  loadStepObject,
  pageStrategies,
  setStrategyEnabled,
  updateStrategy,
} from './strategy.service';

const CONFIG = '/api/v3/followup/config';
const ROBOT = '/api/v3/followup/robot';
const tags = ['followup'];
const S = PERMISSIONS.followupConfig;
const R = PERMISSIONS.followupActive;

/**
 * Follow-up strategies and robots (SPEC §7 "Follow-up", WAVE2 §7 with §15.8): the CRUD calls of
 * both screens, every one within the caller's customers. The sweeps and send log are
 * modules/automation/followup-runtime.
 */
export async function followupRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    `${CONFIG}/page`,
    {
      config: { permission: S.list },
      schema: {
        tags,
        summary: 'Follow-up strategies, a page',
        body: followupStrategyPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(followupStrategySchema)) },
      },
    },
    async (request) => ok(await pageStrategies(db, requireAuth(request), request.body, request.lang)),
  );
  app.post(
    `${CONFIG}/save`,
    {
      config: { permission: S.add },
      schema: {
        tags,
        summary: 'Create a follow-up strategy',
        body: followupStrategySaveSchema,
        response: { 200: envelopeSchema(followupStrategySchema) },
      },
    },
    async (request) => ok(await createStrategy(db, requireAuth(request), request.body, request.lang)),
  );
  app.post(
    `${CONFIG}/update/:id`,
    {
      config: { permission: S.edit },
      schema: {
        tags,
        summary: 'Change a follow-up strategy',
        params: systemIdParamsSchema,
        body: followupStrategySaveSchema,
        response: { 200: envelopeSchema(followupStrategySchema) },
      },
    },
    async (request) =>
      ok(await updateStrategy(db, requireAuth(request), request.params.id, request.body, request.lang)),
  );
  app.post(
    `${CONFIG}/updateEnableState/:id`,
    {
      config: { permission: S.edit },
      schema: {
        tags,
        summary: 'Enable or disable a follow-up strategy',
        params: systemIdParamsSchema,
        body: followupEnabledSchema,
        response: { 200: envelopeSchema(followupEnabledResultSchema) },
      },
    },
    async (request) => ok(await setStrategyEnabled(db, requireAuth(request), request.params.id, request.body.enabled)),
  );
  app.get(
    `${CONFIG}/delete/:id`,
    {
      config: { permission: S.remove },
      schema: {
        tags,
        summary: 'Delete a follow-up strategy (customerId: the customer the screen shows it under)',
        params: systemIdParamsSchema,
        querystring: followupDeleteQuerySchema,
        response: { 200: envelopeSchema(followupAffectedSchema) },
      },
    },
    async (request) => ok(await deleteStrategy(db, requireAuth(request), request.params.id, request.query.customerId)),
  );
  // The robot dialog picks strategies, so whoever may manage robots may list them without the
  // strategy screen's permission.
  app.get(
    `${CONFIG}/options`,
    {
      config: { permission: R.list },
      schema: {
        tags,
        summary: 'Follow-up strategies for the robot dialog’s picker',
        querystring: followupStrategyOptionsQuerySchema,
        response: { 200: envelopeSchema(z.array(followupStrategyOptionSchema)) },
      },
    },
    async (request) => ok(await listStrategyOptions(db, requireAuth(request), request.query.customerId)),
  );
  // A step's file or image, for whoever may see the strategies (the AI role's file route needs
  // the new-customer access permission instead).
  app.get(
    `${FOLLOWUP_FILE_PATH}/:id`,
    {
      config: { permission: S.list },
      schema: { tags, summary: 'A follow-up step’s file or image', params: idParamsSchema },
    },
    async (request, reply) => {
      if (!deps.storage) throw new AppError('B0001', null, 'object storage not configured');
      const row = await loadStepObject(db, requireAuth(request), request.params.id);
      const data = await deps.storage.get(row.storageKey);
      return reply
        .header('content-type', row.mime)
        .header('content-disposition', contentDisposition(row.originalName))
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  app.post(
    `${ROBOT}/list/page`,
    {
      config: { permission: R.list },
      schema: {
        tags,
        summary: 'Follow-up robots, a page',
        body: followupRobotPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(followupRobotSchema)) },
      },
    },
    async (request) => ok(await pageRobots(db, requireAuth(request), request.body, request.lang, nowOf(deps))),
  );
  app.post(
    `${ROBOT}/save`,
    {
      config: { permission: R.add },
      schema: {
        tags,
        summary: 'Set up a messaging account as a follow-up robot',
        body: followupRobotSaveSchema,
        response: { 200: envelopeSchema(followupRobotSchema) },
      },
    },
    async (request) => ok(await createRobot(db, requireAuth(request), request.body, request.lang, nowOf(deps))),
  );
  app.post(
    `${ROBOT}/update/:id`,
    {
      config: { permission: R.edit },
      schema: {
        tags,
        summary: 'Change a follow-up robot',
        params: systemIdParamsSchema,
        body: followupRobotSaveSchema,
        response: { 200: envelopeSchema(followupRobotSchema) },
      },
    },
    async (request) =>
      ok(await updateRobot(db, requireAuth(request), request.params.id, request.body, request.lang, nowOf(deps))),
  );
  app.get(
    `${ROBOT}/delete/:id`,
    {
      config: { permission: R.remove },
      schema: {
        tags,
        summary: 'Delete a follow-up robot',
        params: systemIdParamsSchema,
        response: { 200: envelopeSchema(followupAffectedSchema) },
      },
    },
    async (request) => ok(await deleteRobot(db, requireAuth(request), request.params.id)),
  );
  app.post(
    `${ROBOT}/updateIsEnabled/:id`,
    {
      config: { permission: R.edit },
      schema: {
        tags,
        summary: 'Enable or disable a follow-up robot',
        params: systemIdParamsSchema,
        body: followupEnabledSchema,
        response: { 200: envelopeSchema(followupEnabledResultSchema) },
      },
    },
    async (request) => ok(await setRobotEnabled(db, requireAuth(request), request.params.id, request.body.enabled)),
  );
}
