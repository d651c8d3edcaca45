import { isNull, lte, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { contactLeads } from '../../../db/schema';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** A lead item's value found in a contact's message, and how it was found. */
export interface CapturedLead {
  customerId: number;
  contactId: number;
  item: string;
  value: string;
  messageId: number;
  method: 'pattern' | 'llm';
}

/**
 * Stores a lead on the contact (`contact_leads`, one row per item: the latest value, the message it
 * came from, how it was found). A value from an older message never replaces one from a newer
 * message, so a job run late or twice changes nothing.
 */
export async function saveLead(exec: Executor, lead: CapturedLead): Promise<void> {
  await exec
    .insert(contactLeads)
    .values(lead)
    .onConflictDoUpdate({
      target: [contactLeads.contactId, contactLeads.item],
      set: { value: lead.value, messageId: lead.messageId, method: lead.method, capturedAt: sql`now()` },
      setWhere: or(isNull(contactLeads.messageId), lte(contactLeads.messageId, lead.messageId)),
    });
}

/**
 * The leads, every column under its own name, as a subquery named `alias`, for raw SQL (the
 * metrics' reports); Postgres flattens it into the plan of the table itself.
 */
export const leadsAs = (alias: string) => new QueryBuilder().select().from(contactLeads).as(alias);
