import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { chatContacts } from '../../../db/schema';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/**
 * The contacts (who, on which account, labels, relationship, since when, gone) as a subquery to
 * select from or join by `id` (Postgres flattens it: the plan is that of the table itself).
 */
export const contactsToJoin = new QueryBuilder()
  .select({
    id: chatContacts.id,
    accountId: chatContacts.accountId,
    wcId: chatContacts.wcId,
    nickname: chatContacts.nickname,
    labels: chatContacts.labels,
    type: chatContacts.type,
    relationship: chatContacts.relationship,
    goneAt: chatContacts.goneAt,
    createdAt: chatContacts.createdAt,
  })
  .from(chatContacts)
  .as('chat_contact');

/** A contact's row. */
export type ContactRow = typeof chatContacts.$inferSelect;

/** A contact's row by id (undefined when there is none). */
export async function contactById(exec: Executor, contactId: number): Promise<ContactRow | undefined> {
  const [row] = await exec.select().from(chatContacts).where(eq(chatContacts.id, contactId));
  return row;
}

/** Every contact row of an account's address list (gone ones included). */
export function contactsOfAccount(exec: Executor, accountId: number): Promise<ContactRow[]> {
  return exec.select().from(chatContacts).where(eq(chatContacts.accountId, accountId));
}

/**
 * The contacts, every column under its own name, as a subquery named `alias`: raw SQL (the
 * metrics' reports) keeps its shape (`from ${contactsAs('c')} where c.created_at …`), and Postgres
 * flattens it into the plan of the table itself.
 */
export const contactsAs = (alias: string) => new QueryBuilder().select().from(chatContacts).as(alias);
