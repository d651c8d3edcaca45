import { and, count, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chatContacts, chatLabels } from '../../../db/schema';
import type { GatewayContact, MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import type { ChatAccountRow } from '../account/account-scope';

/** Contacts asked of the gateway per call, and written per statement. */
export const CONTACT_BATCH = 200;

/**
 * Stores what the gateway holds for an account after it loaded the address list: labels
 * upserted by the gateway's label id (and the ones gone from the phone removed), contacts upserted
 * by (account, wcId), so a re-initialisation updates rather than duplicates and keeps what people
 * set here (the relationship). Contacts the phone no longer lists get `gone_at`; one that comes
 * back is live again. Answers the number of live contacts.
 */
export async function storeAddressList(
  db: Db,
  gateway: MessagingGateway,
  account: ChatAccountRow,
  onBatch: () => Promise<void>,
): Promise<number> {
  const labelNames = await storeLabels(db, gateway, account);
  const seen = new Set<string>();
  for (let offset = 0; ; ) {
    const page = await gateway.contacts(account.wcId, { offset, limit: CONTACT_BATCH });
    // A gateway may list one contact twice (a friend who is also in a group list, a page seam):
    // one row each, and one statement may not touch a row twice.
    const fresh = page.items.filter((c) => c.wcId && !seen.has(c.wcId) && seen.add(c.wcId));
    if (fresh.length) await upsertContacts(db, account, fresh, labelNames);
    offset += page.items.length;
    await onBatch();
    if (!page.items.length || offset >= page.total) break;
  }
  const now = new Date();
  await db
    .update(chatContacts)
    .set({ goneAt: now, updatedAt: now })
    .where(
      and(
        eq(chatContacts.accountId, account.id),
        isNull(chatContacts.goneAt),
        seen.size ? notInArray(chatContacts.wcId, [...seen]) : undefined,
      ),
    );
  const [live] = await db
    .select({ n: count() })
    .from(chatContacts)
    .where(and(eq(chatContacts.accountId, account.id), isNull(chatContacts.goneAt)));
  return live?.n ?? 0;
}

async function storeLabels(db: Db, gateway: MessagingGateway, account: ChatAccountRow): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const l of await gateway.labels(account.wcId)) if (l.id && !labels.has(l.id)) labels.set(l.id, l.name);
  if (labels.size) {
    await db
      .insert(chatLabels)
      .values(
        [...labels].map(([id, name]) => ({
          customerId: account.customerId,
          accountId: account.id,
          gatewayLabelId: id,
          name,
        })),
      )
      .onConflictDoUpdate({
        target: [chatLabels.accountId, chatLabels.gatewayLabelId],
        set: { name: sql`excluded.name`, updatedAt: new Date() },
      });
  }
  await db
    .delete(chatLabels)
    .where(
      and(
        eq(chatLabels.accountId, account.id),
        labels.size ? notInArray(chatLabels.gatewayLabelId, [...labels.keys()]) : undefined,
      ),
    );
  return labels;
}

async function upsertContacts(
  db: Db,
  account: ChatAccountRow,
  contacts: GatewayContact[],
  labelNames: Map<string, string>,
): Promise<void> {
  const now = new Date();
  await db
    .insert(chatContacts)
    .values(
      contacts.map((c) => ({
        customerId: account.customerId,
        accountId: account.id,
        wcId: c.wcId,
        account: c.account,
        nickname: c.nickname ?? '',
        avatar: c.avatar,
        labels: [...new Set(c.labelIds.flatMap((id) => labelNames.get(id) ?? []))],
        type: c.type,
        gender: c.gender,
      })),
    )
    .onConflictDoUpdate({
      target: [chatContacts.accountId, chatContacts.wcId],
      set: {
        account: sql`excluded.account`,
        nickname: sql`excluded.nickname`,
        avatar: sql`excluded.avatar`,
        labels: sql`excluded.labels`,
        type: sql`excluded.type`,
        gender: sql`excluded.gender`,
        goneAt: null,
        updatedAt: now,
      },
    });
}
