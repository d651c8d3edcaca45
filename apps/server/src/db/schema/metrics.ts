import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { apps } from './app';
import { accountRef } from './chat';
import { ts } from './columns';
import { customerRef } from './identity';

const counter = (name: string) => integer(name).notNull().default(0);

/**
 * One session of a contact (WAVE2 §15.7): the contact's messages with the account, in and out,
 * with gaps under 30 minutes. Kept current as messages are logged (modules/messaging/rollup/rollup.ts), so
 * the session metrics never read the message log. Keyed by the peer's wcId like the log itself,
 * so messages logged before the contact row existed count too. `app_id` is the app serving the
 * account when the session started.
 */
export const contactSessions = pgTable(
  'contact_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: customerRef(),
    accountId: accountRef(),
    peerWcId: text('peer_wc_id').notNull(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    startedAt: ts('started_at').notNull(),
    lastAt: ts('last_at').notNull(),
    /** The contact's first message of the session, and the first answer to it (agent, person or phone). */
    firstInAt: ts('first_in_at'),
    firstResponseMs: integer('first_response_ms'),
    messagesIn: counter('messages_in'),
    messagesOut: counter('messages_out'),
    /** Agent replies sent; of them, fallback replies ("needs a person"). */
    agentReplies: counter('agent_replies'),
    fallbackReplies: counter('fallback_replies'),
    /** Replies a person wrote: in the console or on the phone. */
    personReplies: counter('person_replies'),
  },
  (t) => [
    index('contact_sessions_peer_idx').on(t.accountId, t.peerWcId, t.startedAt),
    index('contact_sessions_customer_started_idx').on(t.customerId, t.startedAt),
  ],
);

/**
 * Counters per customer and day (the server's time zone), for the metrics dashboard's KPIs and
 * trends: one upsert per logged message, friend request or session start. Messages count on the
 * day they were written, sessions on the day they started.
 */
export const metricsDaily = pgTable(
  'metrics_daily',
  {
    customerId: customerRef(),
    day: date('day', { mode: 'string' }).notNull(),
    messagesIn: counter('messages_in'),
    messagesOut: counter('messages_out'),
    agentReplies: counter('agent_replies'),
    /** Agent replies that were an answer, not the fallback: the numerator of the agent reply rate. */
    agentAnswered: counter('agent_answered'),
    fallbackReplies: counter('fallback_replies'),
    personReplies: counter('person_replies'),
    sessions: counter('sessions'),
    /** Sessions in which the contact wrote; of them, those in which the agent handed over. */
    activeSessions: counter('active_sessions'),
    handoverSessions: counter('handover_sessions'),
    newContacts: counter('new_contacts'),
    friendRequests: counter('friend_requests'),
    friendsAccepted: counter('friends_accepted'),
    firstResponses: counter('first_responses'),
    firstResponseMsSum: bigint('first_response_ms_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day] })],
);

/**
 * The questions the agent could not answer (its fallback reply was sent), per customer, day and
 * normalised question: the dashboard's "top unanswered questions", to feed the knowledge base.
 */
export const metricsUnanswered = pgTable(
  'metrics_unanswered',
  {
    customerId: customerRef(),
    day: date('day', { mode: 'string' }).notNull(),
    questionKey: text('question_key').notNull(),
    /** The latest wording of the question, as the contact wrote it. */
    question: text('question').notNull(),
    count: counter('count'),
    lastAt: ts('last_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day, t.questionKey] })],
);
