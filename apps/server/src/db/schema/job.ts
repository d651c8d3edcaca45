import type { MisfirePolicy } from '@agent-console/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ts } from './columns';
import { customerRef, users } from './identity';

/**
 * Scheduled jobs. A job belongs to a customer and its creator, so the data scope applies to
 * listing, changing and running it like any other customer-owned row.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: identityId(),
    customerId: customerRef(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    group: text('job_group', { enum: ['default', 'system'] })
      .notNull()
      .default('default'),
    /** A name from the handler registry, never code. */
    handler: text('handler').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    cron: text('cron').notNull(),
    misfirePolicy: text('misfire_policy').$type<MisfirePolicy>().notNull().default('default'),
    concurrent: boolean('concurrent').notNull().default(false),
    enabled: boolean('enabled').notNull().default(false),
    remark: text('remark'),
    /**
     * The scheduler's watermark: fire times up to here are handled. Claimed with a
     * compare-and-set so that with several servers each fire time runs once.
     */
    lastFireAt: ts('last_fire_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_customer_idx').on(t.customerId), index('jobs_enabled_idx').on(t.enabled)],
);

/** One row per run; kept when its job is deleted (the name and handler are copied). */
export const jobLogs = pgTable(
  'job_logs',
  {
    id: identityId(),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').notNull(),
    ownerUserId: integer('owner_user_id'),
    jobName: text('job_name').notNull(),
    group: text('job_group', { enum: ['default', 'system'] }).notNull(),
    handler: text('handler').notNull(),
    trigger: text('trigger', { enum: ['cron', 'misfire', 'manual'] }).notNull(),
    status: text('status', { enum: ['running', 'success', 'failed', 'skipped'] }).notNull(),
    /** Set for runs of jobs that forbid concurrency: at most one such row may be running. */
    exclusive: boolean('exclusive').notNull().default(false),
    message: text('message'),
    error: text('error'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    index('job_logs_job_idx').on(t.jobId),
    index('job_logs_started_idx').on(t.startedAt),
    index('job_logs_customer_idx').on(t.customerId),
    uniqueIndex('job_logs_one_exclusive_run_uq').on(t.jobId).where(sql`${t.status} = 'running' and ${t.exclusive}`),
  ],
);
