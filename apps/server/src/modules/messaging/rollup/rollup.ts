import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { LOCK_NAMESPACE, transactionLock } from '../../../db/advisory-lock';
import type { Executor } from '../../../db/client';
import { contactSessions, metricsDaily, metricsUnanswered } from '../../../db/schema';
import { GROUP_SUFFIX } from '../../../integrations/messaging-gateway/wkteam-wire';
import { serverDay } from '../../../lib/server-day';
import { answerCarriedBy } from '../../agent/answer/answer.repo';
import { contactsToJoin } from '../contact/contact.repo';
import { questionKey } from './question-key';
import { type DailyCounts, type LoggedMessage, SESSION_GAP_MS, sessionStep } from './session-step';

export { type LoggedMessage, SESSION_GAP_MS } from './session-step';

/** What the roll-ups need to know of a conversation: its account's app and the contact as it is now. */
export interface ConversationFacts {
  appId: number | null;
  contactId: number | null;
  relationship: string | null;
  type: string | null;
}

/**
 * Takes the conversation's lock (an account and one peer) and reads the contact (if known), in
 * one statement, since the row read is not one the lock guards. The account's app comes from the
 * caller (the outbox read its account with the pacing row): this feature reads no account, since
 * the account feature imports the outbox, which calls it. The message log reads both itself
 * (messaging/inbox `lockConversation`).
 */
export async function lockConversationOf(
  tx: Executor,
  accountId: number,
  peerWcId: string,
  appId: number | null,
): Promise<ConversationFacts> {
  const contact = contactsToJoin;
  // From one row, so the lock is taken whether or not the contact is known.
  const [row] = await tx
    .select({
      contactId: contact.id,
      relationship: contact.relationship,
      type: contact.type,
      locked: transactionLock(LOCK_NAMESPACE.conversation, `${accountId}:${peerWcId}`),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(contact, and(eq(contact.accountId, accountId), eq(contact.wcId, peerWcId)));
  return { appId, contactId: row?.contactId ?? null, relationship: row?.relationship ?? null, type: row?.type ?? null };
}

/** What the caller read of the conversation under its lock, held for this transaction. */
export interface RollUpContext {
  conversation: ConversationFacts | undefined;
  /**
   * Where a batch of messages written in one transaction gathers its daily counts, to add them
   * with one statement per customer and day at its end (`DailyTally.write`); without it each
   * message adds its own.
   */
  daily?: DailyTally | undefined;
}

/** Daily counts gathered over several messages of one transaction, added together at its end. */
export class DailyTally {
  private readonly counts = new Map<string, { customerId: number; day: string; counts: DailyCounts }>();

  add(customerId: number, day: string, counts: DailyCounts): void {
    const key = `${customerId}:${day}`;
    const entry = this.counts.get(key) ?? { customerId, day, counts: {} };
    for (const [k, v] of Object.entries(counts) as [keyof DailyCounts, number][]) {
      entry.counts[k] = (entry.counts[k] ?? 0) + v;
    }
    this.counts.set(key, entry);
  }

  /** Adds what was gathered, in a fixed order (customer, day) so two batches never lock crosswise. */
  async write(tx: Executor): Promise<void> {
    const entries = [...this.counts.values()].sort((a, b) => a.customerId - b.customerId || a.day.localeCompare(b.day));
    for (const entry of entries) await addDaily(tx, entry.customerId, entry.day, entry.counts);
    this.counts.clear();
  }
}

/**
 * Brings the roll-ups up to date with one message, in the caller's transaction — the one that
 * stored the message or marked it sent, so a redelivery (not stored again) or a send recorded
 * twice (its status no longer `sending`) never counts twice. Colleagues and groups are left out
 * of customer metrics as the contact is at this moment (docs/metrics.md). `held` is the
 * conversation as read under its lock at the start of the transaction (the message log's
 * `lockConversation`, or `rollUpSent`): fewer statements per incoming message, which is what
 * bounds the write rate on the embedded database.
 */
export async function rollUpMessage(tx: Executor, m: LoggedMessage, held: RollUpContext): Promise<void> {
  if (m.senderWcId || m.peerWcId.endsWith(GROUP_SUFFIX)) return;
  const who = held.conversation;
  if (!who || who.relationship === 'colleague' || who.type === 'group') return;

  const answer = m.direction === 'out' && m.source === 'agent' ? await answerCarriedBy(tx, m.id) : undefined;
  // The session the message may belong to: the latest one starting before it, give or take the
  // gap. One step down the (account, peer, started) index, however long the history. (Whether
  // the contact is new is not decided here: "new contacts" is read from the contacts and the
  // sessions by the dashboard, dashboard.service.ts `newContactsByDay`.)
  const bound = new Date(m.at.getTime() + SESSION_GAP_MS - 1);
  const [latest] = await tx
    .select()
    .from(contactSessions)
    .where(
      and(
        eq(contactSessions.accountId, m.accountId),
        eq(contactSessions.peerWcId, m.peerWcId),
        lte(contactSessions.startedAt, bound),
      ),
    )
    .orderBy(desc(contactSessions.startedAt))
    .limit(1);

  const { continues, next, daily } = sessionStep(latest, m, answer);
  if (continues && latest) {
    await tx.update(contactSessions).set(next).where(eq(contactSessions.id, latest.id));
  } else {
    await tx.insert(contactSessions).values({
      customerId: m.customerId,
      accountId: m.accountId,
      peerWcId: m.peerWcId,
      appId: who.appId,
      ...next,
    });
  }
  for (const [day, counts] of daily) {
    if (held.daily) held.daily.add(m.customerId, day, counts);
    else await addDaily(tx, m.customerId, day, counts);
  }
  if (answer?.needsPerson) await countUnanswered(tx, m.customerId, serverDay(m.at), answer.question, m.at);
}

/**
 * One message just marked sent, by a caller holding no conversation lock: takes it (with the
 * contact read) unless the message is left out anyway, then rolls it up. `appId` is the sending
 * account's app, as the caller read it in this transaction.
 */
export async function rollUpSent(tx: Executor, m: LoggedMessage, appId: number | null): Promise<void> {
  if (m.senderWcId || m.peerWcId.endsWith(GROUP_SUFFIX)) return;
  await rollUpMessage(tx, m, { conversation: await lockConversationOf(tx, m.accountId, m.peerWcId, appId) });
}

/** Adds to one customer's counters of one day: a single upsert. */
export async function addDaily(tx: Executor, customerId: number, day: string, counts: DailyCounts): Promise<void> {
  const entries = Object.entries(counts).filter(([, v]) => v) as [keyof DailyCounts, number][];
  if (!entries.length) return;
  const set: Record<string, unknown> = {};
  for (const [key, value] of entries) set[key] = sql`${metricsDaily[key]} + ${value}`;
  await tx
    .insert(metricsDaily)
    .values({ customerId, day, ...Object.fromEntries(entries) })
    .onConflictDoUpdate({ target: [metricsDaily.customerId, metricsDaily.day], set });
}

async function countUnanswered(tx: Executor, customerId: number, day: string, question: string, at: Date) {
  const key = questionKey(question);
  if (!key) return;
  await tx
    .insert(metricsUnanswered)
    .values({ customerId, day, questionKey: key, question: question.slice(0, 500), count: 1, lastAt: at })
    .onConflictDoUpdate({
      target: [metricsUnanswered.customerId, metricsUnanswered.day, metricsUnanswered.questionKey],
      set: {
        count: sql`${metricsUnanswered.count} + 1`,
        question: sql`excluded.question`,
        lastAt: sql`greatest(${metricsUnanswered.lastAt}, excluded.last_at)`,
      },
    });
}

/** A friend request stored in the log (not a redelivery). */
export async function countFriendRequest(tx: Executor, customerId: number, at: Date): Promise<void> {
  await addDaily(tx, customerId, serverDay(at), { friendRequests: 1 });
}

/** A friend request accepted (once: the caller's compare-and-set on the request decided it); colleagues left out. */
export async function countFriendAccepted(
  tx: Executor,
  customerId: number,
  relationship: string,
  at: Date,
): Promise<void> {
  if (relationship === 'colleague') return;
  await addDaily(tx, customerId, serverDay(at), { friendsAccepted: 1 });
}
