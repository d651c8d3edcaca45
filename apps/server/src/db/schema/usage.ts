import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { customers, users } from './identity';

/**
 * A customer's monthly answer quota (WAVE2 §15.6), kept per month so that "last month's remaining"
 * reads the quota that was in force then. The quota of a month is the row of the latest month at
 * or before it; setting a quota writes the current month's row. No row at all: unlimited; a row
 * with a null quota: unlimited from that month on.
 */
export const usageQuotas = pgTable(
  'usage_quotas',
  {
    customerId: cascadeRef('customer_id', () => customers.id),
    /** The first day of the month, server time zone. */
    month: date('month', { mode: 'string' }).notNull(),
    quota: integer('quota'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.month] }),
    check('usage_quotas_quota_range', sql`${t.quota} is null or ${t.quota} >= 0`),
  ],
);

/** Quota mails sent (WAVE2 §15.9): one per customer, month and threshold, never repeated. */
export const usageAlerts = pgTable(
  'usage_alerts',
  {
    customerId: cascadeRef('customer_id', () => customers.id),
    month: date('month', { mode: 'string' }).notNull(),
    percent: smallint('percent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.month, t.percent] })],
);
