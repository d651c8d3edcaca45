import type { AnswerSource, AnswerStep, LeadItem, WelcomeMessage } from '@agent-console/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { apps } from './app';
import { chatAccounts, chatContacts, chatMessages } from './chat';
import { cascadeRef, createdAt, identityId, ts, updatedAt } from './columns';
import { customerRef, users } from './identity';

/**
 * The AI role of one app (WAVE2 §5, §6): its main prompt and its new-customer access (auto-accept
 * of friend requests, welcome messages, lead-cleaning items). One row per app, written by
 * `process-command`; no row means the defaults (no prompt, auto-accept off, nothing to send).
 */
export const aiRoleConfigs = pgTable(
  'ai_role_configs',
  {
    appId: integer('app_id')
      .primaryKey()
      .references(() => apps.id, { onDelete: 'cascade' }),
    customerId: customerRef(),
    mainPrompt: text('main_prompt').notNull().default(''),
    mainPromptUpdatedAt: ts('main_prompt_updated_at'),
    mainPromptUpdatedBy: integer('main_prompt_updated_by').references(() => users.id, { onDelete: 'set null' }),
    autoAcceptFriend: boolean('auto_accept_friend').notNull().default(false),
    welcomeMessages: jsonb('welcome_messages').$type<WelcomeMessage[]>().notNull().default([]),
    leadItems: jsonb('lead_items').$type<LeadItem[]>().notNull().default([]),
    accessUpdatedAt: ts('access_updated_at'),
    accessUpdatedBy: integer('access_updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('ai_role_configs_customer_idx').on(t.customerId)],
);

/**
 * A conversation the agent takes part in: one per contact of a messaging account (channel
 * `contact`, its messages are the message log), or one thread of the console's chat bubble
 * (`bubble`, per user), of an app's API (`api`) or of a website's widget (`widget`, per visitor). The contact's hand-over state lives here:
 * `needs_person_at` when the agent found nothing to say, `paused_until` while a person has taken
 * over (or wrote from the phone), and who did.
 */
export const agentConversations = pgTable(
  'agent_conversations',
  {
    id: identityId(),
    customerId: customerRef(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountId: integer('account_id').references(() => chatAccounts.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => chatContacts.id, { onDelete: 'cascade' }),
    /**
     * For the app API: the caller's `user` field, so one end user's calls make one conversation;
     * for the widget: `widget:` and the visitor's id.
     */
    externalKey: text('external_key'),
    /** For the widget: the web page's origin the visitor first wrote from. */
    origin: text('origin'),
    title: text('title').notNull().default(''),
    needsPersonAt: ts('needs_person_at'),
    /** Why the conversation waits for a person (a NeedsPersonReason); null for a flag set before issue 34. */
    needsPersonReason: text('needs_person_reason'),
    pausedUntil: ts('paused_until'),
    pausedBy: integer('paused_by').references(() => users.id, { onDelete: 'set null' }),
    /** takeover: a staff member took it over in the console; phone: someone wrote from the phone. */
    pauseReason: text('pause_reason'),
    lastMessageAt: ts('last_message_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agent_conversations_contact_uq').on(t.contactId),
    uniqueIndex('agent_conversations_external_uq').on(t.appId, t.externalKey),
    index('agent_conversations_customer_idx').on(t.customerId, t.needsPersonAt),
    index('agent_conversations_user_idx').on(t.userId, t.channel, t.lastMessageAt),
    index('agent_conversations_app_idx').on(t.appId, t.channel, t.lastMessageAt),
  ],
);

/**
 * What a person wrote to a website visitor (issue 36): the widget shows it in the visitor's
 * conversation and fetches new ones while it waits for a person. (Contacts of messaging accounts
 * are written to through the gateway: their replies are the message log.)
 */
export const visitorReplies = pgTable(
  'visitor_replies',
  {
    id: identityId(),
    conversationId: cascadeRef('conversation_id', () => agentConversations.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('visitor_replies_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * Every answer of the agent (WAVE2 §15.5): the question, the answer, what it was drawn from, how
 * long it took, and its usage (one answer unit; tokens when the LLM reports them). For a contact,
 * `trigger_message_id` is the incoming message answered: unique, so one message is never answered
 * twice; `reply_message_id` the queued reply.
 */
export const agentAnswers = pgTable(
  'agent_answers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: customerRef(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    conversationId: cascadeRef('conversation_id', () => agentConversations.id),
    channel: text('channel').notNull(),
    triggerMessageId: bigint('trigger_message_id', { mode: 'number' }).references(() => chatMessages.id, {
      onDelete: 'set null',
    }),
    replyMessageId: bigint('reply_message_id', { mode: 'number' }).references(() => chatMessages.id, {
      onDelete: 'set null',
    }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sources: jsonb('sources').$type<AnswerSource[]>().notNull().default([]),
    step: text('step').$type<AnswerStep>().notNull(),
    needsPerson: boolean('needs_person').notNull().default(false),
    latencyMs: integer('latency_ms').notNull(),
    units: integer('units').notNull().default(1),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agent_answers_trigger_uq').on(t.triggerMessageId),
    // The metrics roll-up reads an agent reply's answer when the reply is sent.
    index('agent_answers_reply_idx').on(t.replyMessageId),
    index('agent_answers_conversation_idx').on(t.conversationId, t.id),
    index('agent_answers_customer_created_idx').on(t.customerId, t.createdAt),
    index('agent_answers_app_created_idx').on(t.appId, t.createdAt),
  ],
);

/**
 * A lead item captured from a contact's conversation (WAVE2 §6 lead cleaning): the latest value of
 * each item per contact, the message it came from, and how it was found (pattern or llm).
 */
export const contactLeads = pgTable(
  'contact_leads',
  {
    id: identityId(),
    customerId: customerRef(),
    contactId: cascadeRef('contact_id', () => chatContacts.id),
    item: text('item').notNull(),
    value: text('value').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    capturedAt: ts('captured_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('contact_leads_contact_item_uq').on(t.contactId, t.item),
    // Leads captured in a period (the metrics dashboard).
    index('contact_leads_customer_captured_idx').on(t.customerId, t.capturedAt),
  ],
);
