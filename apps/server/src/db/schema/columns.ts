import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every table spells the same way, spelled once: a time is always `timestamptz` read
 * as a Date, rows are stamped when written, and ids are identity columns the database hands out.
 */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** A row's required parent (`integer`, NOT NULL): the row goes when its parent is deleted. */
export const cascadeRef = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });
