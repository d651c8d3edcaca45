import type { LeadAudit } from '@agent-console/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contactLeads } from '../../../db/schema';
import { readRoleConfig } from '../../config/ai-role/role-config';
import { appName } from '../../config/app-config/app.repo';
import type { ScopedContact } from './contact-scope';

/**
 * Lead capture, auditable (issue 16): every lead item of the app answering the contact's account,
 * with the value captured, when, from which message and how — or missing. Values of items the app
 * no longer lists (renamed, removed) are kept apart, not lost.
 */
export async function leadAudit(db: Db, { contact, account }: ScopedContact): Promise<LeadAudit> {
  const appId = account.appId;
  const app = appId === null ? undefined : await appName(db, appId);
  const items = app !== undefined && appId !== null ? (await readRoleConfig(db, appId)).leadItems : [];
  const captured = await db
    .select()
    .from(contactLeads)
    .where(eq(contactLeads.contactId, contact.id))
    .orderBy(asc(contactLeads.capturedAt), asc(contactLeads.id));
  const toCaptured = (row: (typeof captured)[number]) => ({
    value: row.value,
    messageId: row.messageId,
    capturedAt: row.capturedAt.toISOString(),
    method: row.method,
  });
  const byItem = new Map(captured.map((row) => [row.item, row]));
  const asked = new Set(items.map((i) => i.item));
  return {
    appId: app !== undefined ? appId : null,
    appName: app ?? null,
    items: items.map((i) => {
      const row = byItem.get(i.item);
      return {
        item: i.item,
        description: i.description,
        example: i.example,
        captured: row ? toCaptured(row) : null,
      };
    }),
    other: captured.filter((row) => !asked.has(row.item)).map((row) => ({ item: row.item, ...toCaptured(row) })),
  };
}
