import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { orderBySchema, pageQuerySchema, pageResultSchema, timestampsShape } from './envelope';
import { keysetPageResultSchema, keysetQueryShape } from './keyset';
import { localizedTextSchema } from './language';
import { idNumber, pathId, text } from './primitives';

export * from './system-job.permissions';

/**
 * Scheduled jobs (SPEC §7 /system/job, ANCHORS §B "Jobs"). A job names a handler registered on
 * the server and gives it JSON parameters the handler's own zod schema checks; no text a user
 * types is ever run as code.
 */

/** Misfire policies: what happens to fire times missed while no server was running. */
export const MISFIRE_POLICIES = ['default', 'ignoreMisfires', 'fireOnce', 'doNothing'] as const;
export const misfirePolicySchema = z.enum(MISFIRE_POLICIES);
export type MisfirePolicy = z.infer<typeof misfirePolicySchema>;

export const JOB_GROUPS = ['default', 'system'] as const;
export const jobGroupSchema = z.enum(JOB_GROUPS);

/** Handler names are identifiers such as `session.cleanExpired`; anything else is refused early. */
export const JOB_HANDLER_PATTERN = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*$/;
export const jobHandlerNameSchema = text().trim().min(1).max(100).regex(JOB_HANDLER_PATTERN);

/** Five fields (minute hour day-of-month month day-of-week), or six with seconds first; checked by the server. */
export const jobCronSchema = text().trim().min(1).max(120);

const jsonParams = z.record(z.string(), z.unknown());

export const jobInputSchema = z.strictObject({
  name: text().trim().min(1).max(100),
  group: jobGroupSchema.default('default'),
  handler: jobHandlerNameSchema,
  params: jsonParams.default({}),
  cron: jobCronSchema,
  misfirePolicy: misfirePolicySchema.default('default'),
  concurrent: z.boolean().default(false),
  enabled: z.boolean().default(false),
  remark: text().trim().max(500).nullish(),
});
export type JobInput = z.input<typeof jobInputSchema>;

export const jobSchema = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    name: z.string(),
    group: jobGroupSchema,
    handler: z.string(),
    params: jsonParams,
    cron: z.string(),
    misfirePolicy: misfirePolicySchema,
    concurrent: z.boolean(),
    enabled: z.boolean(),
    remark: z.string().nullable(),
    /** The next five fire times (ISO), empty while disabled. */
    nextFireTimes: z.array(z.string()),
    lastFireAt: z.string().nullable(),
  })
  .extend(timestampsShape);
export type Job = z.infer<typeof jobSchema>;

export const JOB_SORT_FIELDS = ['name', 'handler', 'createdAt', 'updatedAt'] as const;
export const jobPageQuerySchema = pageQuerySchema.extend({
  name: text().trim().max(100).optional(),
  group: jobGroupSchema.optional(),
  handler: text().trim().max(100).optional(),
  enabled: z.boolean().optional(),
  orderBy: orderBySchema(JOB_SORT_FIELDS),
});
export type JobPageQuery = z.input<typeof jobPageQuerySchema>;

export const jobStatusInputSchema = z.strictObject({ enabled: z.boolean() });
export const jobIdsSchema = z.strictObject({ ids: z.array(idNumber()).min(1).max(500) });
export const jobIdParamSchema = z.object({ id: pathId() });

export const cronPreviewQuerySchema = z.object({ cron: jobCronSchema });
export const cronPreviewSchema = z.object({ nextFireTimes: z.array(z.string()) });

/** A registered handler as the job dialog shows it. */
export const jobHandlerInfoSchema = z.object({
  name: z.string(),
  titles: localizedTextSchema,
  /** Parameters that pass the handler's schema, shown as an example in the dialog. */
  exampleParams: jsonParams,
});
export type JobHandlerInfo = z.infer<typeof jobHandlerInfoSchema>;

export const JOB_RUN_STATUSES = ['running', 'success', 'failed', 'skipped'] as const;
export const jobRunStatusSchema = z.enum(JOB_RUN_STATUSES);
export type JobRunStatus = z.infer<typeof jobRunStatusSchema>;

/** What started a run: its schedule, a catch-up after a misfire, or "run now". */
export const JOB_TRIGGERS = ['cron', 'misfire', 'manual'] as const;
export const jobTriggerSchema = z.enum(JOB_TRIGGERS);

export const jobLogSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int().nullable(),
  jobName: z.string(),
  group: jobGroupSchema,
  handler: z.string(),
  trigger: jobTriggerSchema,
  status: jobRunStatusSchema,
  message: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type JobLog = z.infer<typeof jobLogSchema>;

export const JOB_LOG_SORT_FIELDS = ['startedAt', 'durationMs', 'jobName'] as const;
export const jobLogPageQuerySchema = pageQuerySchema.extend({
  jobId: idNumber().optional(),
  jobName: text().trim().max(100).optional(),
  handler: text().trim().max(100).optional(),
  status: jobRunStatusSchema.optional(),
  startedFrom: z.iso.datetime({ offset: true }).optional(),
  startedTo: z.iso.datetime({ offset: true }).optional(),
  orderBy: orderBySchema(JOB_LOG_SORT_FIELDS),
  ...keysetQueryShape,
});
export type JobLogPageQuery = z.input<typeof jobLogPageQuerySchema>;

export const jobRunAnswerSchema = z.object({
  /** pg-boss job id when queued; null when the server ran it in process (no job queue). */
  queued: z.boolean(),
});

/** POST /system/job/list: every job in the caller's scope. */
export const jobListSchema = z.array(jobSchema);
/** GET /system/job/handlers. */
export const jobHandlersSchema = z.array(jobHandlerInfoSchema);

/**
 * A schedule pg-boss fires by itself, read from the server's queue catalogue (`jobs/queues.ts`,
 * issue 35): the job screen shows it, read-only. `key` is the queue's name, which the web puts in
 * words in each language; the server sends no prose of its own.
 */
export const builtinScheduleSchema = z.object({
  key: z.string(),
  cron: z.string(),
  /** The next fire time (ISO), the cron read in UTC as pg-boss reads it; null if it never fires. */
  nextFireAt: z.string().nullable(),
});
export type BuiltinSchedule = z.infer<typeof builtinScheduleSchema>;
/** GET /system/job/builtin: every catalogued schedule, in the catalogue's order. */
export const builtinSchedulesSchema = z.array(builtinScheduleSchema);

/** What each job route takes and answers: SPEC §7 "Job (/system/job)" and "Job log (/system/job/log)". */
export const JOB_ROUTE_SCHEMAS = {
  page: { summary: 'Job page list', body: jobPageQuerySchema, answer: pageResultSchema(jobSchema) },
  list: { summary: 'All jobs in the caller’s scope', answer: jobListSchema },
  save: { summary: 'Create a job', body: jobInputSchema, answer: jobSchema },
  update: { summary: 'Change a job', params: jobIdParamSchema, body: jobInputSchema, answer: jobSchema },
  status: {
    summary: 'Enable or disable a job',
    params: jobIdParamSchema,
    body: jobStatusInputSchema,
    answer: jobSchema,
  },
  remove: { summary: 'Delete jobs (their logs stay)', body: jobIdsSchema, answer: z.null() },
  run: { summary: 'Run a job now', params: jobIdParamSchema, answer: jobRunAnswerSchema },
  handlers: { summary: 'Registered job handlers', answer: jobHandlersSchema },
  builtin: { summary: 'Schedules pg-boss fires by itself (read-only)', answer: builtinSchedulesSchema },
  cronNext: {
    summary: 'Check a cron expression; its next five fire times',
    querystring: cronPreviewQuerySchema,
    answer: cronPreviewSchema,
  },
  logPage: {
    summary: 'Job run log page list',
    body: jobLogPageQuerySchema,
    answer: keysetPageResultSchema(jobLogSchema),
  },
} satisfies RouteSchemas;

export const JOB_ROUTES = apiRoutes<typeof JOB_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/system/job/page',
  list: 'POST /api/v3/system/job/list',
  save: 'POST /api/v3/system/job/save',
  update: 'POST /api/v3/system/job/update/:id',
  status: 'POST /api/v3/system/job/status/:id',
  remove: 'POST /api/v3/system/job/delete',
  run: 'GET /api/v3/system/job/exec/:id',
  handlers: 'GET /api/v3/system/job/handlers',
  builtin: 'GET /api/v3/system/job/builtin',
  cronNext: 'GET /api/v3/system/job/cron/next',
  logPage: 'POST /api/v3/system/job/log/page',
});
