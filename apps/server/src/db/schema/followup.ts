import type { FollowupStep } from '@agent-console/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { apps } from './app';
import { accountRef, chatContacts, chatMessages } from './chat';
import { cascadeRef, createdAt, identityId, ts, updatedAt } from './columns';
import { customerRef, users } from './identity';

/** A stored step: a welcome-message item (text, or a stored file or image) and its wait. */
export type StoredFollowupStep = Omit<FollowupStep, 'url'>;

/** Who created and last changed a strategy or robot (null once the user is deleted), and when. */
const authored = () => ({
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A follow-up strategy (issue 18, WAVE2 §15.8): whom (trigger and audience), with what (ordered
 * steps), how often (at most N sends per contact) and when not (quiet hours, in the customer's
 * time zone). Robots run it.
 */
export const followupStrategies = pgTable(
  'followup_strategies',
  {
    id: identityId(),
    customerId: customerRef(),
    /** Runs only on accounts served by this app; null: on any account of the customer. */
    appId: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** noReply (hours), afterFriend (days), hasLabel (label). */
    triggerType: text('trigger_type').notNull(),
    triggerValue: integer('trigger_value'),
    triggerLabel: text('trigger_label'),
    audienceLabels: text('audience_labels').array().notNull().default(sql`'{}'::text[]`),
    steps: jsonb('steps').$type<StoredFollowupStep[]>().notNull().default([]),
    maxSendsPerContact: integer('max_sends_per_contact').notNull(),
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    enabled: boolean('enabled').notNull().default(false),
    ...authored(),
  },
  (t) => [
    uniqueIndex('followup_strategies_name_uq').on(t.customerId, t.name),
    index('followup_strategies_customer_idx').on(t.customerId, t.updatedAt),
  ],
);

/** A messaging account set up to follow up: one robot per account. */
export const followupRobots = pgTable(
  'followup_robots',
  {
    id: identityId(),
    customerId: customerRef(),
    accountId: accountRef(),
    dailyCap: integer('daily_cap').notNull(),
    workStart: text('work_start').notNull(),
    workEnd: text('work_end').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    ...authored(),
  },
  (t) => [
    uniqueIndex('followup_robots_account_uq').on(t.accountId),
    index('followup_robots_customer_idx').on(t.customerId, t.updatedAt),
  ],
);

/** The strategies a robot runs, in the order it tries them. */
export const followupRobotStrategies = pgTable(
  'followup_robot_strategies',
  {
    robotId: cascadeRef('robot_id', () => followupRobots.id),
    strategyId: cascadeRef('strategy_id', () => followupStrategies.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.robotId, t.strategyId] }),
    index('followup_robot_strategies_strategy_idx').on(t.strategyId),
  ],
);

/**
 * Every planned follow-up send, keyed (strategy, contact, step): the key is what makes a step
 * never go twice, whatever happens to the process between sweeps. The message it queued carries
 * the delivery's outcome; `skipped` is set when a check at send time held it back.
 */
export const followupSends = pgTable(
  'followup_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: customerRef(),
    strategyId: integer('strategy_id').references(() => followupStrategies.id, { onDelete: 'set null' }),
    /** Kept when the strategy is deleted, so the log still names it. */
    strategyName: text('strategy_name').notNull(),
    robotId: integer('robot_id').references(() => followupRobots.id, { onDelete: 'set null' }),
    accountId: accountRef(),
    contactId: cascadeRef('contact_id', () => chatContacts.id),
    /** 1-based. */
    step: integer('step').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, { onDelete: 'set null' }),
    /** planned (queued with its message) or skipped (held back at send time, with the reason). */
    status: text('status').notNull().default('planned'),
    reason: text('reason'),
    plannedAt: ts('planned_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('followup_sends_key_uq').on(t.strategyId, t.contactId, t.step),
    index('followup_sends_robot_idx').on(t.robotId, t.plannedAt),
    index('followup_sends_strategy_idx').on(t.strategyId, t.plannedAt),
    index('followup_sends_contact_idx').on(t.contactId),
    index('followup_sends_message_idx').on(t.messageId),
  ],
);
