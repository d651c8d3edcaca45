import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * The product-wide SMTP setting (WAVE2 §15.9): one row, id 1. The password is kept only as
 * ciphertext sealed with `SECRET_KEY` and is never sent back.
 */
export const mailSettings = pgTable(
  'mail_settings',
  {
    id: integer('id').primaryKey(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    security: text('security').notNull(),
    username: text('username'),
    passwordSealed: text('password_sealed'),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    enabled: boolean('enabled').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('mail_settings_single_row', sql`${t.id} = 1`)],
);
