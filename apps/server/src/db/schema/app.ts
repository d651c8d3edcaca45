import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, identityId, updatedAt } from './columns';
import { customerRef } from './identity';

/**
 * Apps are agents (WAVE2 §15.3). `desired_running` is what an operator asked for and survives a
 * restart; `status` is what the listener last did (stopped, starting, running, stopping, failed)
 * with the reason of a failure. The API key is stored as a SHA-256 hash (it is random and long, so
 * a slow hash adds nothing); `key_prefix` lets a person recognise which key is in use.
 */
export const apps = pgTable(
  'apps',
  {
    id: identityId(),
    customerId: customerRef(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    port: integer('port').notNull(),
    description: text('description'),
    desiredRunning: boolean('desired_running').notNull().default(false),
    status: text('status').notNull().default('stopped'),
    statusReason: text('status_reason'),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keyRotatedAt: timestamp('key_rotated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Web pages that may call the app from a browser (CORS): origins, or `*`; none by default. */
    allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The website widget's key (issue 36): public by design (it sits in a page's source), it can
     * only chat, from the allowed web pages, at a rate per visitor. Kept as written to show it.
     */
    widgetKey: text('widget_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Name and code are unique per customer (customers never learn each other's codes); the port is
  // unique on the host because every listener binds it.
  (t) => [
    uniqueIndex('apps_customer_name_uq').on(t.customerId, t.name),
    uniqueIndex('apps_customer_code_uq').on(t.customerId, t.code),
    uniqueIndex('apps_port_uq').on(t.port),
    uniqueIndex('apps_key_hash_uq').on(t.keyHash),
    uniqueIndex('apps_widget_key_uq').on(t.widgetKey),
    check('apps_port_range', sql`${t.port} between 1024 and 65535`),
  ],
);

/** A namespace of an app's configuration (Apollo-style); its format decides how values are checked. */
export const appNamespaces = pgTable(
  'app_namespaces',
  {
    id: identityId(),
    customerId: customerRef(),
    appId: cascadeRef('app_id', () => apps.id),
    name: text('name').notNull(),
    format: text('format').notNull().default('properties'),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('app_namespaces_app_name_uq').on(t.appId, t.name)],
);

/** One configuration item; `secret` values are masked in lists, exports and the operation log. */
export const appItems = pgTable(
  'app_items',
  {
    id: identityId(),
    customerId: customerRef(),
    namespaceId: cascadeRef('namespace_id', () => appNamespaces.id),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    comment: text('comment'),
    secret: boolean('secret').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('app_items_namespace_key_uq').on(t.namespaceId, t.key),
    index('app_items_customer_idx').on(t.customerId),
  ],
);
