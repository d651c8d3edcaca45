import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { apps } from './app';
import { cascadeRef, createdAt, identityId, ts, updatedAt } from './columns';
import { customerRef, users } from './identity';

/**
 * A connected messaging account (SPEC §3, WAVE2 §1.5). `wc_id` is the gateway's stable id: unique,
 * and passed back on re-login. The contact-initialisation progress lives on the row because one
 * account runs at most one initialisation at a time.
 */
/** The messaging account a row belongs to; the row goes with the account. */
export const accountRef = () => cascadeRef('account_id', () => chatAccounts.id);

export const chatAccounts = pgTable(
  'chat_accounts',
  {
    id: identityId(),
    customerId: customerRef(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The app (agent) that answers this account's contacts and applies its new-customer access. */
    appId: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    wcId: text('wc_id').notNull(),
    account: text('account').notNull(),
    loginStatus: text('login_status').notNull().default('offline'),
    avatar: text('avatar'),
    nickname: text('nickname').notNull().default(''),
    signature: text('signature'),
    gender: text('gender').notNull().default('other'),
    region: integer('region'),
    firstLoginAt: ts('first_login_at'),
    lastLoginAt: ts('last_login_at'),
    offlineAt: ts('offline_at'),
    offlineReason: text('offline_reason'),
    /** When the supervisor last heard from the gateway about this account. */
    checkedAt: ts('checked_at'),
    contactsInitStatus: text('contacts_init_status').notNull().default('none'),
    contactsProcessed: integer('contacts_processed').notNull().default(0),
    contactsTotal: integer('contacts_total').notNull().default(0),
    contactsInitError: text('contacts_init_error'),
    contactsInitStartedAt: ts('contacts_init_started_at'),
    contactsInitializedAt: ts('contacts_initialized_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chat_accounts_wc_id_uq').on(t.wcId),
    index('chat_accounts_customer_idx').on(t.customerId),
    index('chat_accounts_owner_idx').on(t.ownerUserId),
  ],
);

/**
 * A QR login in progress: who asked (the account it becomes belongs to them), the region, the
 * gateway's session, and for a re-login the account whose wcId is passed back. Its id is random
 * and unguessable because the dialog polls with it.
 */
export const chatLoginSessions = pgTable(
  'chat_login_sessions',
  {
    id: text('id').primaryKey(),
    customerId: customerRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountId: integer('account_id').references(() => chatAccounts.id, { onDelete: 'cascade' }),
    region: integer('region').notNull(),
    gatewaySessionId: text('gateway_session_id').notNull(),
    qrContent: text('qr_content').notNull(),
    status: text('status').notNull().default('waiting'),
    reason: text('reason'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_login_sessions_created_idx').on(t.createdAt)],
);

/** Labels of an account as the gateway names them (ANCHORS §C: labels are per account). */
export const chatLabels = pgTable(
  'chat_labels',
  {
    id: identityId(),
    customerId: customerRef(),
    accountId: accountRef(),
    gatewayLabelId: text('gateway_label_id').notNull(),
    name: text('name').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('chat_labels_account_label_uq').on(t.accountId, t.gatewayLabelId)],
);

/**
 * A friend or group of an account (SPEC §3). Unique per account and wcId, so a re-initialisation
 * updates rather than duplicates; `gone_at` marks one that left the phone's address list.
 */
export const chatContacts = pgTable(
  'chat_contacts',
  {
    id: identityId(),
    customerId: customerRef(),
    accountId: accountRef(),
    wcId: text('wc_id').notNull(),
    account: text('account'),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar'),
    /** Label names, as the gateway gave them at the last initialisation. */
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    type: text('type').notNull().default('friend'),
    gender: text('gender').notNull().default('other'),
    relationship: text('relationship').notNull().default('default'),
    goneAt: ts('gone_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chat_contacts_account_wc_uq').on(t.accountId, t.wcId),
    index('chat_contacts_customer_idx').on(t.customerId),
  ],
);

/** A batch of messages sent from the contacts screen: what, by whom, to how many. */
export const chatSendBatches = pgTable(
  'chat_send_batches',
  {
    id: identityId(),
    customerId: customerRef(),
    accountId: accountRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    content: text('content'),
    /** For a file batch: `[{ name, size, storageKey }]`. */
    files: jsonb('files').$type<{ name: string; size: number; storageKey: string }[]>(),
    total: integer('total').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_send_batches_account_idx').on(t.accountId)],
);

/**
 * The message log (WAVE2 §15.4): every message in and out of an account. Incoming messages are
 * unique by the gateway's message id; a redelivery (same id, or same sender and content within
 * 10 s under a new id) is not stored again but counted in `redeliveries`, so it stays visible.
 * Outgoing messages carry their send status (queued, sent, failed with the reason) and batch.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: customerRef(),
    accountId: accountRef(),
    contactId: integer('contact_id').references(() => chatContacts.id, { onDelete: 'set null' }),
    /** The other side: the contact's or group's wcId. */
    peerWcId: text('peer_wc_id').notNull(),
    /** In a group, who wrote. */
    senderWcId: text('sender_wc_id'),
    direction: text('direction').notNull(),
    type: text('type').notNull().default('text'),
    content: text('content').notNull().default(''),
    fileName: text('file_name'),
    gatewayMsgId: text('gateway_msg_id'),
    contentHash: text('content_hash'),
    redeliveries: integer('redeliveries').notNull().default(0),
    /** in: received (a friend request: accepted or acceptFailed once the agent handled it); out: queued, sent, failed. */
    status: text('status').notNull(),
    reason: text('reason'),
    batchId: integer('batch_id').references(() => chatSendBatches.id, { onDelete: 'set null' }),
    /** What sent it: batch, welcome, agent, followup (out); phone: typed on the account's own phone (out); gateway (in). */
    source: text('source').notNull(),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_messages_gateway_msg_uq').on(t.accountId, t.gatewayMsgId),
    index('chat_messages_hash_idx').on(t.accountId, t.contentHash, t.createdAt),
    index('chat_messages_batch_idx').on(t.batchId),
    index('chat_messages_account_created_idx').on(t.accountId, t.createdAt),
    // One contact's conversation, newest first (the conversation view polls it): by the peer, so
    // messages logged before the contact was known (no contact_id yet) belong to it too.
    index('chat_messages_peer_idx').on(t.accountId, t.peerWcId, t.id),
    // The senders' queue: an account's messages waiting or being sent, without scanning its log.
    index('chat_messages_pending_idx').on(t.accountId, t.id).where(sql`${t.status} in ('queued', 'sending')`),
  ],
);

/**
 * The pacing governor's state per account (issue 15): sends and "too frequent" refusals of the
 * current day, the last send, and a back-off that grows with each refusal. In the database so
 * that every console instance paces one account together.
 */
export const chatPacing = pgTable('chat_pacing', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => chatAccounts.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  sentToday: integer('sent_today').notNull().default(0),
  refusedToday: integer('refused_today').notNull().default(0),
  lastSentAt: ts('last_sent_at'),
  lastRefusedAt: ts('last_refused_at'),
  backoffLevel: integer('backoff_level').notNull().default(0),
  backoffUntil: ts('backoff_until'),
});
