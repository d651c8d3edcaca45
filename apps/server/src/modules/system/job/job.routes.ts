import { JOB_PERMISSIONS } from '@agent-console/contracts';
import { JOB_ROUTE_SCHEMAS, JOB_ROUTES } from '@agent-console/contracts/system-job';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/app-deps';
import { requireAuth } from '../../../http/auth-guard';
import { serveRoutes } from '../../../http/serve-routes';
import { listJobHandlers } from '../../../jobs/registry';
import { listBuiltinSchedules } from './builtin-schedules.service';
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

/** Scheduled jobs: SPEC §7 "Job (/system/job)" and "Job log (/system/job/log)". */
export async function jobRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const route = serveRoutes(app, JOB_ROUTES, JOB_ROUTE_SCHEMAS, ['system/job']);
  const P = JOB_PERMISSIONS;

  route('page', { permission: P.list }, (r) => pageJobs(db, requireAuth(r), r.body));
  route('list', { permission: P.list }, (r) => listJobs(db, requireAuth(r)));
  route('save', { permission: P.add }, (r) => createJob(db, requireAuth(r), r.body));
  route('update', { permission: P.edit }, (r) => updateJob(db, requireAuth(r), r.params.id, r.body));
  route('status', { permission: P.edit }, (r) => setJobEnabled(db, requireAuth(r), r.params.id, r.body.enabled));
  route('remove', { permission: P.remove }, async (r) => {
    await deleteJobs(db, requireAuth(r), r.body.ids);
    return null;
  });
  route('run', { permission: P.run }, (r) =>
    runJobNow(db, requireAuth(r), r.params.id, deps.boss, {
      ...(deps.storage ? { storage: deps.storage } : {}),
    }),
  );
  route('handlers', { permission: P.list }, (r) =>
    listJobHandlers(requireAuth(r).dataScope.all).map((h) => ({
      name: h.name,
      titles: h.titles,
      exampleParams: h.exampleParams as Record<string, unknown>,
    })),
  );
  route('builtin', { permission: P.list }, () => listBuiltinSchedules());
  route('cronNext', { permission: P.list }, (r) => ({ nextFireTimes: previewCron(r.query.cron) }));
  route('logPage', { permission: P.list }, (r) => pageJobLogs(db, requireAuth(r), r.body));
}
