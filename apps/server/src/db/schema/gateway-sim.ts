import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ts } from './columns';

/**
 * The built-in messaging-gateway simulator (WAVE2 §15.4) keeps its own state here, apart from the
 * console's chat tables: it plays the outside service, so nothing of the console reads these
 * tables, and the simulator reads nothing of the console's. In the database so that a restart of
 * the console does not log every simulated phone out. The simulator queries them with plain SQL
 * (integrations/ may not import db/, docs/architecture.md); these definitions make the migration.
 */

/**
 * A QR login (WKTeam's `wId`, the login instance). `phone_id` is the unguessable id of its phone
 * page, which the QR code encodes; `state` goes waiting → scanned → confirmed | cancelled | expired.
 */
export const gwsimLogins = pgTable('gwsim_logins', {
  id: text('id').primaryKey(),
  phoneId: text('phone_id').notNull().unique(),
  region: integer('region').notNull(),
  previousWcId: text('previous_wc_id'),
  state: text('state').notNull().default('waiting'),
  phoneRegion: integer('phone_region'),
  wcId: text('wc_id'),
  expiresAt: ts('expires_at').notNull(),
  scannedAt: ts('scanned_at'),
  decidedAt: ts('decided_at'),
  createdAt: createdAt(),
});

/**
 * A simulated chat account, keyed by its stable wcId. `w_id` is the login instance it is online
 * through; `drop_at`/`drop_reason` a drop already decided (region mismatch, first-day drop) that
 * the simulator's ticker carries out when due; `seed` makes its generated contacts repeatable.
 */
export const gwsimAccounts = pgTable('gwsim_accounts', {
  wcId: text('wc_id').primaryKey(),
  account: text('account').notNull(),
  nickname: text('nickname').notNull(),
  avatar: text('avatar'),
  signature: text('signature'),
  gender: text('gender').notNull(),
  seed: integer('seed').notNull(),
  customerPageId: text('customer_page_id').notNull().unique(),
  wId: text('w_id'),
  online: boolean('online').notNull().default(false),
  region: integer('region'),
  phoneRegion: integer('phone_region'),
  offlineReason: text('offline_reason'),
  offlineAt: ts('offline_at'),
  dropAt: ts('drop_at'),
  dropReason: text('drop_reason'),
  firstDayDropDone: boolean('first_day_drop_done').notNull().default(false),
  sendsFail: boolean('sends_fail').notNull().default(false),
  contactsGenerated: boolean('contacts_generated').notNull().default(false),
  initStartedAt: ts('init_started_at'),
  initTotal: integer('init_total').notNull().default(0),
  lastSendAt: ts('last_send_at'),
  firstLoginAt: ts('first_login_at'),
  lastLoginAt: ts('last_login_at'),
  createdAt: createdAt(),
});

/** The simulated account a row belongs to (`wc_id`): the row goes with the account. */
const simAccountRef = () =>
  text('wc_id')
    .notNull()
    .references(() => gwsimAccounts.wcId, { onDelete: 'cascade' });

/** Friends and groups on the simulated phone; `removed_at` marks one deleted on the phone. */
export const gwsimContacts = pgTable(
  'gwsim_contacts',
  {
    wcId: simAccountRef(),
    contactWcId: text('contact_wc_id').notNull(),
    account: text('account'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar'),
    type: text('type').notNull(),
    gender: text('gender').notNull(),
    labelIds: text('label_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Where it sits in the address list (generated ones first, added ones after). */
    position: integer('position').notNull(),
    /** generated | added | request (an accepted friend request). */
    source: text('source').notNull(),
    removedAt: ts('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.wcId, t.contactWcId] })],
);

export const gwsimLabels = pgTable(
  'gwsim_labels',
  {
    wcId: simAccountRef(),
    labelId: text('label_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.wcId, t.labelId] })],
);

/**
 * Every message through a simulated account: `out` ones the account sent (or tried to: `refused`
 * with the refusal), `in` ones a person wrote on the customer page. `msg_id` is the simulator's
 * own id, the one its answers and callbacks carry.
 */
export const gwsimMessages = pgTable(
  'gwsim_messages',
  {
    id: identityId(),
    msgId: text('msg_id').notNull().unique(),
    wcId: simAccountRef(),
    peerWcId: text('peer_wc_id').notNull(),
    /** In a group, the member who wrote. */
    senderWcId: text('sender_wc_id'),
    direction: text('direction').notNull(),
    type: text('type').notNull(),
    content: text('content').notNull(),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    /** sent | refused (out); received (in). */
    status: text('status').notNull(),
    refusal: text('refusal'),
    at: ts('at').notNull(),
  },
  (t) => [index('gwsim_messages_account_idx').on(t.wcId, t.direction, t.at)],
);

/** A friend request made on the customer page; `id` is its `v1` ticket, `v2` the second one. */
export const gwsimFriendRequests = pgTable('gwsim_friend_requests', {
  id: text('id').primaryKey(),
  v2: text('v2').notNull(),
  wcId: simAccountRef(),
  fromWcId: text('from_wc_id').notNull(),
  nickname: text('nickname').notNull(),
  greeting: text('greeting').notNull().default(''),
  scene: integer('scene').notNull(),
  state: text('state').notNull().default('pending'),
  createdAt: createdAt(),
  acceptedAt: ts('accepted_at'),
});
