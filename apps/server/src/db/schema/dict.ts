import type { DictLabels } from '@agent-console/contracts';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, updatedAt } from './columns';

/**
 * Dictionary types are product-wide enumerations (gender, relationship, ...), not customer data:
 * every customer's screens show the same options, so they carry no customer_id.
 */
export const dictTypes = pgTable(
  'dict_types',
  {
    id: identityId(),
    /** Stable key code refers to, e.g. `user_gender`. */
    type: text('type').notNull(),
    names: jsonb('names').$type<DictLabels>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Seeded by the product; its key cannot change because code depends on it. */
    builtin: boolean('builtin').notNull().default(false),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('dict_types_type_uq').on(t.type)],
);

export const dictEntries = pgTable(
  'dict_entries',
  {
    id: identityId(),
    // No cascade: a type with entries cannot be deleted (ANCHORS §B), the service says why first.
    typeId: integer('type_id')
      .notNull()
      .references(() => dictTypes.id),
    value: text('value').notNull(),
    labels: jsonb('labels').$type<DictLabels>().notNull(),
    sort: integer('sort').notNull().default(0),
    tagColor: text('tag_color').notNull().default('default'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('dict_entries_type_value_uq').on(t.typeId, t.value), index('dict_entries_type_idx').on(t.typeId)],
);
