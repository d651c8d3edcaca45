import type { FollowupTrigger } from '@agent-console/contracts';
import { and, arrayContains, arrayOverlaps, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { followupSends } from '../../../db/schema';
import { contactPausedAt } from '../../agent/conversation/hand-over.repo';
import { contactsToJoin } from '../../messaging/contact/contact.repo';
import {
  type ConversationKey,
  contactWroteAfter,
  lastConversationMessageAt,
  messagesToJoin,
  personWroteAfter,
} from '../../messaging/outbox/message.repo';
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
  const contact = contactsToJoin;
  const ofThis = sql`f.strategy_id = ${q.strategyId} and f.contact_id = ${contact.id}`;
  const conversation: ConversationKey = { accountId: contact.accountId, peerWcId: contact.wcId };
  const message = messagesToJoin;
  // Replies are told by the log's order, not by time: a gateway's message times have one-second
  // resolution, so a reply in the second step 1 was planned would look older than it.
  const firstMessageId = sql`(select min(f.message_id) from ${followupSends} f where ${ofThis})`;
  // Columns sit in nested SQL, so that they stay qualified in this one-table select.
  const lastSend = (column: SQL) =>
    sql`(select ${column} from ${followupSends} f join ${message} on ${sql`${message.id} = f.message_id`}
      where ${ofThis} order by f.step desc limit 1)`;
  const filters = [
    eq(contact.accountId, q.accountId),
    eq(contact.relationship, 'default'),
    eq(contact.type, 'friend'),
    isNull(contact.goneAt),
    q.audienceLabels.length ? arrayOverlaps(contact.labels, [...q.audienceLabels]) : undefined,
    q.triggerType === 'hasLabel' && q.triggerLabel ? arrayContains(contact.labels, [q.triggerLabel]) : undefined,
  ];
  const rows = await tx
    .select({
      contactId: contact.id,
      wcId: contact.wcId,
      nickname: contact.nickname,
      friendSince: contact.createdAt,
      lastMessageAt: lastConversationMessageAt(conversation).mapWith(asDate),
      lastStep: sql<number>`coalesce((select max(f.step) from ${followupSends} f where ${ofThis}), 0)`.mapWith(Number),
      stopped: sql<boolean>`exists (select 1 from ${followupSends} f where ${ofThis} and f.status = 'skipped')`,
      lastStatus: sql<string | null>`${lastSend(sql`${message.status}`)}`,
      lastSentAt: lastSend(sql`${message.sentAt}`).mapWith(asDate),
      repliedSinceStart: contactWroteAfter(conversation, firstMessageId),
      personSinceStart: personWroteAfter(conversation, firstMessageId),
      pausedNow: contactPausedAt(contact.id, q.now),
    })
    .from(contact)
    .where(and(...filters))
    .orderBy(contact.id);
  return rows.map((r) => ({
    ...r,
    stopped: Boolean(r.stopped),
    repliedSinceStart: Boolean(r.repliedSinceStart),
    personSinceStart: Boolean(r.personSinceStart),
    pausedNow: Boolean(r.pausedNow),
  }));
}
