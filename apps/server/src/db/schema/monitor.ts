import { BUSINESS_TYPES, LOG_STATUSES, LOGIN_EVENTS } from '@agent-console/contracts';
import { sql } from 'drizzle-orm';
import { bigint, type ExtraConfigColumn, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** The columns a log's indexes are on (both logs have them). */
interface LogColumns {
  id: ExtraConfigColumn;
  createdAt: ExtraConfigColumn;
  customerId: ExtraConfigColumn;
  username: ExtraConfigColumn;
}

/** A log's indexes: newest first, and newest first within a customer or a user (see operationLogs). */
function newestFirstIndexes(table: string, t: LogColumns) {
  // Called per index: desc() and nullsFirst() set the column's order for the next index only.
  const newest = () => [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;
  return [
    index(`${table}_created_idx`).on(...newest()),
    index(`${table}_customer_created_idx`).on(t.customerId, ...newest()),
    index(`${table}_user_created_idx`).on(sql`lower(${t.username})`, ...newest()),
  ];
}

/**
 * One row per write call of any module, written by the audit hook after the answer is sent.
 * No foreign keys: a log outlives the user and customer it names, and inserts stay cheap.
 * Indexes serve the list's shapes on millions of rows: newest first (created_at, id), and the
 * same order within one customer (scoped callers) or one user (the user filter is an exact,
 * case-insensitive match so that it can use the index). NULLS FIRST matches what a plain
 * `ORDER BY created_at DESC, id DESC` asks for; drizzle's default (NULLS LAST) would not be used.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    businessType: text('business_type', { enum: BUSINESS_TYPES }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    userId: integer('user_id'),
    username: text('username'),
    customerId: integer('customer_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    params: text('params'),
    result: text('result'),
    status: text('status', { enum: LOG_STATUSES }).notNull(),
    httpStatus: smallint('http_status').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    costMs: integer('cost_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => newestFirstIndexes('operation_logs', t),
);

/** Sign-in successes and failures (with the code the caller got), logouts and forced logouts. */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event', { enum: LOGIN_EVENTS }).notNull(),
    status: text('status', { enum: LOG_STATUSES }).notNull(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    customerId: integer('customer_id'),
    ip: text('ip'),
    browser: text('browser'),
    os: text('os'),
    code: text('code').notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => newestFirstIndexes('login_logs', t),
);
