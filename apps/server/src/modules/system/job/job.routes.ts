import {
  cronPreviewQuerySchema,
  cronPreviewSchema,
  envelopeSchema,
  jobHandlerInfoSchema,
  jobIdParamSchema,
  jobIdsSchema,
  jobInputSchema,
  jobLogPageQuerySchema,
  jobLogSchema,
  jobPageQuerySchema,
  jobRunAnswerSchema,
  jobSchema,
  jobStatusInputSchema,
  keysetPageResultSchema,
  PERMISSIONS,
  pageResultSchema,
} from '@agent-console/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { listJobHandlers } from '../../../jobs/registry';
import {
  createJob,
  deleteJobs,
  listJobs,
  pageJobs,
  previewCron,
  runJobNow,
  setJobEnabled,
  updateJob,
} from './job.service';
import { pageJobLogs } from './job-log.service';

const BASE = '/api/v3/system/job';
const tags = ['system/job'];

/** Scheduled jobs: SPEC §7 "Job (/system/job)" and "Job log (/system/job/log)". */
export async function jobRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const P = PERMISSIONS.job;

  app.post(
    `${BASE}/page`,
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'Job page list',
        body: jobPageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(jobSchema)) },
      },
    },
    async (request) => ok(await pageJobs(db, requireAuth(request), request.body)),
  );
  app.post(
    `${BASE}/list`,
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'All jobs in the caller’s scope',
        response: { 200: envelopeSchema(z.array(jobSchema)) },
      },
    },
    async (request) => ok(await listJobs(db, requireAuth(request))),
  );
  app.post(
    `${BASE}/save`,
    {
      config: { permission: P.add },
      schema: { tags, summary: 'Create a job', body: jobInputSchema, response: { 200: envelopeSchema(jobSchema) } },
    },
    async (request) => ok(await createJob(db, requireAuth(request), request.body)),
  );
  app.post(
    `${BASE}/update/:id`,
    {
      config: { permission: P.edit },
      schema: {
        tags,
        summary: 'Change a job',
        params: jobIdParamSchema,
        body: jobInputSchema,
        response: { 200: envelopeSchema(jobSchema) },
      },
    },
    async (request) => ok(await updateJob(db, requireAuth(request), request.params.id, request.body)),
  );
  app.post(
    `${BASE}/status/:id`,
    {
      config: { permission: P.edit },
      schema: {
        tags,
        summary: 'Enable or disable a job',
        params: jobIdParamSchema,
        body: jobStatusInputSchema,
        response: { 200: envelopeSchema(jobSchema) },
      },
    },
    async (request) => ok(await setJobEnabled(db, requireAuth(request), request.params.id, request.body.enabled)),
  );
  app.post(
    `${BASE}/delete`,
    {
      config: { permission: P.remove },
      schema: {
        tags,
        summary: 'Delete jobs (their logs stay)',
        body: jobIdsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteJobs(db, requireAuth(request), request.body.ids);
      return ok(null);
    },
  );
  app.get(
    `${BASE}/exec/:id`,
    {
      config: { permission: P.run },
      schema: {
        tags,
        summary: 'Run a job now',
        params: jobIdParamSchema,
        response: { 200: envelopeSchema(jobRunAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await runJobNow(db, requireAuth(request), request.params.id, deps.boss, {
          ...(deps.storage ? { storage: deps.storage } : {}),
        }),
      ),
  );
  app.get(
    `${BASE}/handlers`,
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'Registered job handlers',
        response: { 200: envelopeSchema(z.array(jobHandlerInfoSchema)) },
      },
    },
    async (request) =>
      ok(
        listJobHandlers(requireAuth(request).dataScope.all).map((h) => ({
          name: h.name,
          titles: h.titles,
          exampleParams: h.exampleParams as Record<string, unknown>,
        })),
      ),
  );
  app.get(
    `${BASE}/cron/next`,
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'Check a cron expression; its next five fire times',
        querystring: cronPreviewQuerySchema,
        response: { 200: envelopeSchema(cronPreviewSchema) },
      },
    },
    async (request) => ok({ nextFireTimes: previewCron(request.query.cron) }),
  );
  app.post(
    `${BASE}/log/page`,
    {
      config: { permission: P.list },
      schema: {
        tags,
        summary: 'Job run log page list',
        body: jobLogPageQuerySchema,
        response: { 200: envelopeSchema(keysetPageResultSchema(jobLogSchema)) },
      },
    },
    async (request) => ok(await pageJobLogs(db, requireAuth(request), request.body)),
  );
}
