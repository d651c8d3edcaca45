import type { FollowupTrigger } from '@agent-console/contracts';
import { and, arrayContains, arrayOverlaps, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { agentConversations, chatContacts, chatMessages, followupSends } from '../../../db/schema';
import type { ContactFacts } from './next-step';

/** Who a strategy may write to on one account, as the sweep reads them. */
export interface AudienceQuery {
  strategyId: number;
  accountId: number;
  triggerType: FollowupTrigger;
  triggerLabel: string | null;
  audienceLabels: readonly string[];
  now: Date;
}

const asDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/**
 * The facts `nextStep` decides from, for every contact of the account the strategy may reach:
 * friends of relationship `default` only (never colleagues, silent contacts or groups), not gone,
 * carrying one of the audience labels when the strategy names some, and the trigger's label for
 * a label trigger. One query: each figure is a correlated read of an index (the strategy's sends
 * of the contact, the conversation's newest message, the agent's pause).
 */
export async function contactFacts(tx: Executor, q: AudienceQuery): Promise<ContactFacts[]> {
  const ofThis = sql`f.strategy_id = ${q.strategyId} and f.contact_id = ${chatContacts.id}`;
  const conversation = sql`m.account_id = ${chatContacts.accountId} and m.peer_wc_id = ${chatContacts.wcId}`;
  // Replies are told by the log's order, not by time: a gateway's message times have one-second
  // resolution, so a reply in the second step 1 was planned would look older than it.
  const firstMessageId = sql`(select min(f.message_id) from ${followupSends} f where ${ofThis})`;
  const lastSend = (column: SQL) =>
    sql`(select ${column} from ${followupSends} f join ${chatMessages} m on m.id = f.message_id
      where ${ofThis} order by f.step desc limit 1)`;
  const filters = [
    eq(chatContacts.accountId, q.accountId),
    eq(chatContacts.relationship, 'default'),
    eq(chatContacts.type, 'friend'),
    isNull(chatContacts.goneAt),
    q.audienceLabels.length ? arrayOverlaps(chatContacts.labels, [...q.audienceLabels]) : undefined,
    q.triggerType === 'hasLabel' && q.triggerLabel ? arrayContains(chatContacts.labels, [q.triggerLabel]) : undefined,
  ];
  const rows = await tx
    .select({
      contactId: chatContacts.id,
      wcId: chatContacts.wcId,
      nickname: chatContacts.nickname,
      friendSince: chatContacts.createdAt,
      lastMessageAt: sql`(select coalesce(m.sent_at, m.created_at) from ${chatMessages} m
        where ${conversation} and m.type <> 'friendRequest' and (m.direction = 'in' or m.status = 'sent')
        order by m.id desc limit 1)`.mapWith(asDate),
      lastStep: sql<number>`coalesce((select max(f.step) from ${followupSends} f where ${ofThis}), 0)`.mapWith(Number),
      stopped: sql<boolean>`exists (select 1 from ${followupSends} f where ${ofThis} and f.status = 'skipped')`,
      lastStatus: sql<string | null>`${lastSend(sql`m.status`)}`,
      lastSentAt: lastSend(sql`m.sent_at`).mapWith(asDate),
      repliedSinceStart: sql<boolean>`exists (select 1 from ${chatMessages} m where ${conversation}
        and m.direction = 'in' and m.type <> 'friendRequest' and m.id > ${firstMessageId})`,
      personSinceStart: sql<boolean>`exists (select 1 from ${chatMessages} m where ${conversation}
        and m.direction = 'out' and m.source in ('person', 'phone') and m.id > ${firstMessageId})`,
      pausedNow: sql<boolean>`exists (select 1 from ${agentConversations} a
        where a.contact_id = ${chatContacts.id} and a.paused_until > ${q.now.toISOString()}::timestamptz)`,
    })
    .from(chatContacts)
    .where(and(...filters))
    .orderBy(chatContacts.id);
  return rows.map((r) => ({
    ...r,
    stopped: Boolean(r.stopped),
    repliedSinceStart: Boolean(r.repliedSinceStart),
    personSinceStart: Boolean(r.personSinceStart),
    pausedNow: Boolean(r.pausedNow),
  }));
}
