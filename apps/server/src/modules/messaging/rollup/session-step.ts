import type { contactSessions, metricsDaily } from '../../../db/schema';
import { serverDay } from '../../../lib/server-day';

/** A session ends when a contact and its account exchange nothing for this long (WAVE2 §15.7). */
export const SESSION_GAP_MS = 30 * 60_000;

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

export type DailyCounts = Partial<
  Record<Exclude<keyof typeof metricsDaily.$inferInsert, 'customerId' | 'day'>, number>
>;

/** What a session row counts, as the roll-ups keep it. */
export type SessionState = Pick<
  typeof contactSessions.$inferSelect,
  | 'startedAt'
  | 'lastAt'
  | 'firstInAt'
  | 'firstResponseMs'
  | 'messagesIn'
  | 'messagesOut'
  | 'agentReplies'
  | 'fallbackReplies'
  | 'personReplies'
>;

const EMPTY_SESSION: Omit<SessionState, 'startedAt' | 'lastAt'> = {
  firstInAt: null,
  firstResponseMs: null,
  messagesIn: 0,
  messagesOut: 0,
  agentReplies: 0,
  fallbackReplies: 0,
  personReplies: 0,
};

/** What one message does to its conversation's session and to the daily counters. */
export interface SessionStep {
  /** The message belongs to `latest`; otherwise it starts a new session, `next`. */
  continues: boolean;
  /** The session with the message counted. */
  next: SessionState;
  /** Counts to add per server day. */
  daily: Map<string, DailyCounts>;
}

/**
 * One message counted into the session it belongs to: `latest`, the conversation's latest
 * session starting before the message (give or take the gap), when it was active less than the
 * gap before it; else a new session starting with it. `answer` is the agent's answer an agent's
 * reply carries. Pure: the single write path (rollup.ts) and the batch of incoming messages
 * (rollup-batch.ts) both count through it.
 */
export function sessionStep(
  latest: SessionState | undefined,
  m: LoggedMessage,
  answer?: { needsPerson: boolean },
): SessionStep {
  const daily = new Map<string, DailyCounts>();
  const add = (day: string, counts: DailyCounts) => {
    const into = daily.get(day) ?? {};
    for (const [k, v] of Object.entries(counts) as [keyof DailyCounts, number][]) into[k] = (into[k] ?? 0) + v;
    daily.set(day, into);
  };
  const messageDay = serverDay(m.at);

  const continues = latest !== undefined && m.at.getTime() - latest.lastAt.getTime() < SESSION_GAP_MS;
  // A new session is written once, with this message counted, rather than inserted and then updated.
  const session: SessionState = continues ? latest : { ...EMPTY_SESSION, startedAt: m.at, lastAt: m.at };
  if (!continues) add(messageDay, { sessions: 1 });
  const sessionDay = serverDay(session.startedAt);
  // Only the counted fields: `latest` is a whole row, whose id and keys the update must not write.
  const next: SessionState = {
    firstInAt: session.firstInAt,
    firstResponseMs: session.firstResponseMs,
    messagesIn: session.messagesIn,
    messagesOut: session.messagesOut,
    agentReplies: session.agentReplies,
    fallbackReplies: session.fallbackReplies,
    personReplies: session.personReplies,
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
  return { continues, next, daily };
}
