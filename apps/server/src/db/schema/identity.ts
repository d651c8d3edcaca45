import { type LocalizedText, SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, identityId, updatedAt } from './columns';

/** Customers are the department tree; every business row belongs to one. */
/** The customer a row belongs to: every customer-owned table's scope column (DESIGN §5). */
export const customerRef = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id);

export const customers = pgTable(
  'customers',
  {
    id: identityId(),
    parentId: integer('parent_id').references((): AnyPgColumn => customers.id),
    /** Ids from the root down to the parent, e.g. `{1,4}`; makes subtree queries one index lookup. */
    ancestors: integer('ancestors').array().notNull().default(sql`'{}'::integer[]`),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    leader: text('leader'),
    phone: text('phone'),
    email: text('email'),
    enabled: boolean('enabled').notNull().default(true),
    defaultRoleId: integer('default_role_id'),
    /** IANA name (`Asia/Shanghai`): follow-up's working and quiet hours; null: the server's own. */
    timeZone: text('time_zone'),
    /**
     * Of each chat account's daily sends, the share (percent) kept for replies and welcome
     * messages: follow-ups and batch messages stop where it begins (issue 34).
     */
    replyReservePercent: integer('reply_reserve_percent').notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_parent_idx').on(t.parentId),
    index('customers_ancestors_idx').using('gin', t.ancestors),
    check('customers_reply_reserve_ck', sql`${t.replyReservePercent} between 0 and 90`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: identityId(),
    /** Owning customer; null for roles shared by every customer (the built-in ones). */
    customerId: integer('customer_id').references((): AnyPgColumn => customers.id),
    name: text('name').notNull(),
    key: text('key').notNull(),
    /** 1 all, 2 custom customers, 3 own customer, 4 own and below, 5 self. */
    dataScope: smallint('data_scope').notNull().default(3),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    builtin: boolean('builtin').notNull().default(false),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Names and keys are unique within a customer: two customers may each have an "Operator".
  // A shared role (no customer) counts as customer 0, so shared roles are unique among themselves;
  // that a customer's role never takes a shared role's name or key is the service's check
  // (role.service.ts assertUnique). The super-admin key is the one key that grants everything,
  // so the database itself keeps it to the one shared role.
  (t) => [
    uniqueIndex('roles_key_uq').on(sql`coalesce(${t.customerId}, 0)`, sql`lower(${t.key})`),
    uniqueIndex('roles_name_uq').on(sql`coalesce(${t.customerId}, 0)`, sql`lower(${t.name})`),
    check(
      'roles_super_admin_shared_ck',
      sql`${t.key} <> ${sql.raw(`'${SUPER_ADMIN_ROLE_KEY}'`)} or ${t.customerId} is null`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: identityId(),
    customerId: customerRef(),
    username: text('username').notNull(),
    nickName: text('nick_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    email: text('email'),
    gender: text('gender', { enum: ['male', 'female', 'unknown'] })
      .notNull()
      .default('unknown'),
    avatar: text('avatar'),
    enabled: boolean('enabled').notNull().default(true),
    builtin: boolean('builtin').notNull().default(false),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_customer_idx').on(t.customerId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: cascadeRef('user_id', () => users.id),
    roleId: cascadeRef('role_id', () => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Directories, menus and buttons; a button carries a permission code such as `system:user:add`. */
export const menus = pgTable(
  'menus',
  {
    id: identityId(),
    parentId: integer('parent_id').references((): AnyPgColumn => menus.id),
    type: text('type', { enum: ['directory', 'menu', 'button'] }).notNull(),
    /** Route name; unique, and the seed's stable key. */
    name: text('name').notNull(),
    titles: jsonb('titles').$type<LocalizedText>().notNull(),
    path: text('path'),
    component: text('component'),
    permission: text('permission'),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    cache: boolean('cache').notNull().default(false),
    /** An http(s) link opened in a new window instead of a route. */
    external: boolean('external').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('menus_name_uq').on(t.name), index('menus_parent_idx').on(t.parentId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: cascadeRef('role_id', () => roles.id),
    menuId: cascadeRef('menu_id', () => menus.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);

/** Customers a role with data scope 2 (custom) may see. */
export const roleCustomers = pgTable(
  'role_customers',
  {
    roleId: cascadeRef('role_id', () => roles.id),
    customerId: cascadeRef('customer_id', () => customers.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.customerId] })],
);

/** A customer's invitation codes; rotating one revokes the old code. */
export const invitationCodes = pgTable(
  'invitation_codes',
  {
    id: identityId(),
    customerId: cascadeRef('customer_id', () => customers.id),
    code: text('code').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('invitation_codes_code_uq').on(t.code), index('invitation_codes_customer_idx').on(t.customerId)],
);

/**
 * Signed-in sessions. Only a hash of the token is stored, so a leaked table cannot be replayed.
 * This table is also the online-user list; deleting a row logs that session out.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: cascadeRef('user_id', () => users.id),
    customerId: integer('customer_id').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    browser: text('browser'),
    os: text('os'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Failed passwords in a row per username (lower-cased) and source (client IP): the lock-out
 * pair of `modules/system/user/login-lockout.ts`. Kept for unknown names too so that the lock-out does
 * not reveal which usernames exist. Source '' holds rows written before sources were counted.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    username: text('username').notNull(),
    source: text('source').notNull().default(''),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'login_failures_pair_pk', columns: [t.username, t.source] })],
);

/**
 * Request budgets of the rate limiter (http/rate-limit-store.ts), shared by every instance: one
 * row per limiter and client, counting the hits of the window that began at `window_start`.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
});
