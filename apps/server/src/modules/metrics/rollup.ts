import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  agentAnswers,
  chatAccounts,
  chatContacts,
  contactSessions,
  metricsDaily,
  metricsUnanswered,
} from '../../db/schema';
import { GROUP_SUFFIX } from '../../integrations/messaging-gateway/wkteam-wire';
import { serverDay } from '../../lib/server-day';
import { questionKey } from './question-key';

/** A session ends when a contact and its account exchange nothing for this long (WAVE2 §15.7). */
export const SESSION_GAP_MS = 30 * 60_000;

/** Namespace of the per-contact advisory lock (any constant no other lock of the product uses). */
const SESSION_LOCK = 17_001;

/** Outgoing sources that answer the contact (the first response time counts from the first of them). */
const REPLY_SOURCES = new Set(['agent', 'person', 'phone']);
const PERSON_SOURCES = new Set(['person', 'phone']);

/** A message just stored in the log (incoming, from the phone) or just marked sent (the console's sends). */
export interface LoggedMessage {
  id: number;
  customerId: number;
  accountId: number;
  peerWcId: string;
  /** In a group, who wrote: such a message is never a customer's conversation. */
  senderWcId?: string | null;
  direction: 'in' | 'out';
  source: string;
  /** When it was written (incoming, phone) or sent (the console's sends). */
  at: Date;
}

type DailyCounts = Partial<Record<Exclude<keyof typeof metricsDaily.$inferInsert, 'customerId' | 'day'>, number>>;

/**
 * Brings the roll-ups up to date with one message, in the caller's transaction — the one that
 * stored the message or marked it sent, so a redelivery (not stored again) or a send recorded
 * twice (its status no longer `sending`) never counts twice. Colleagues and groups are left out
 * of customer metrics as the contact is at this moment (docs/metrics.md).
 */
export async function rollUpMessage(tx: Executor, m: LoggedMessage): Promise<void> {
  const [who] = await tx
    .select({ appId: chatAccounts.appId, relationship: chatContacts.relationship, type: chatContacts.type })
    .from(chatAccounts)
    .leftJoin(chatContacts, and(eq(chatContacts.accountId, chatAccounts.id), eq(chatContacts.wcId, m.peerWcId)))
    .where(eq(chatAccounts.id, m.accountId));
  if (!who || who.relationship === 'colleague' || who.type === 'group') return;
  if (m.senderWcId || m.peerWcId.endsWith(GROUP_SUFFIX)) return;

  const answer = m.direction === 'out' && m.source === 'agent' ? await answerOf(tx, m.id) : undefined;
  await tx.execute(sql`select pg_advisory_xact_lock(${SESSION_LOCK}, hashtext(${`${m.accountId}:${m.peerWcId}`}))`);
  const [latest] = await tx
    .select()
    .from(contactSessions)
    .where(
      and(
        eq(contactSessions.accountId, m.accountId),
        eq(contactSessions.peerWcId, m.peerWcId),
        lte(contactSessions.startedAt, new Date(m.at.getTime() + SESSION_GAP_MS - 1)),
      ),
    )
    .orderBy(desc(contactSessions.startedAt))
    .limit(1);

  const daily = new Map<string, DailyCounts>();
  const add = (day: string, counts: DailyCounts) => {
    const into = daily.get(day) ?? {};
    for (const [k, v] of Object.entries(counts) as [keyof DailyCounts, number][]) into[k] = (into[k] ?? 0) + v;
    daily.set(day, into);
  };
  const messageDay = serverDay(m.at);

  let session = latest && m.at.getTime() - latest.lastAt.getTime() < SESSION_GAP_MS ? latest : undefined;
  if (!session) {
    const isNewContact = !latest && !(await anySession(tx, m.accountId, m.peerWcId));
    const [created] = await tx
      .insert(contactSessions)
      .values({
        customerId: m.customerId,
        accountId: m.accountId,
        peerWcId: m.peerWcId,
        appId: who.appId,
        startedAt: m.at,
        lastAt: m.at,
      })
      .returning();
    if (!created) throw new Error('contact session insert answered no row');
    session = created;
    add(messageDay, { sessions: 1, newContacts: isNewContact ? 1 : 0 });
  }
  const sessionDay = serverDay(session.startedAt);
  const next: Partial<typeof contactSessions.$inferInsert> = {
    startedAt: new Date(Math.min(m.at.getTime(), session.startedAt.getTime())),
    lastAt: new Date(Math.max(m.at.getTime(), session.lastAt.getTime())),
  };

  if (m.direction === 'in') {
    next.messagesIn = session.messagesIn + 1;
    if (!session.firstInAt || m.at < session.firstInAt) next.firstInAt = m.at;
    add(messageDay, { messagesIn: 1 });
    if (session.messagesIn === 0) add(sessionDay, { activeSessions: 1 });
  } else {
    next.messagesOut = session.messagesOut + 1;
    add(messageDay, { messagesOut: 1 });
    if (answer) {
      next.agentReplies = session.agentReplies + 1;
      add(messageDay, { agentReplies: 1, agentAnswered: answer.needsPerson ? 0 : 1 });
      if (answer.needsPerson) {
        next.fallbackReplies = session.fallbackReplies + 1;
        add(messageDay, { fallbackReplies: 1 });
        if (session.fallbackReplies === 0) add(sessionDay, { handoverSessions: 1 });
      }
    }
    if (PERSON_SOURCES.has(m.source)) {
      next.personReplies = session.personReplies + 1;
      add(messageDay, { personReplies: 1 });
    }
    if (REPLY_SOURCES.has(m.source) && session.firstInAt && session.firstResponseMs === null) {
      const ms = m.at.getTime() - session.firstInAt.getTime();
      if (ms >= 0) {
        next.firstResponseMs = ms;
        add(sessionDay, { firstResponses: 1, firstResponseMsSum: ms });
      }
    }
  }
  await tx.update(contactSessions).set(next).where(eq(contactSessions.id, session.id));
  for (const [day, counts] of daily) await addDaily(tx, m.customerId, day, counts);
  if (answer?.needsPerson) await countUnanswered(tx, m.customerId, messageDay, answer.question, m.at);
}

async function answerOf(tx: Executor, replyMessageId: number) {
  const [row] = await tx
    .select({ needsPerson: agentAnswers.needsPerson, question: agentAnswers.question })
    .from(agentAnswers)
    .where(eq(agentAnswers.replyMessageId, replyMessageId))
    .limit(1);
  return row;
}

async function anySession(tx: Executor, accountId: number, peerWcId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: contactSessions.id })
    .from(contactSessions)
    .where(and(eq(contactSessions.accountId, accountId), eq(contactSessions.peerWcId, peerWcId)))
    .limit(1);
  return row !== undefined;
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
