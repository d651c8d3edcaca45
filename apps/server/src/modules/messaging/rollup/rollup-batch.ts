import { sql } from 'drizzle-orm';
import { LOCK_NAMESPACE } from '../../../db/advisory-lock';
import type { Executor } from '../../../db/client';
import { contactSessions } from '../../../db/schema';
import { GROUP_SUFFIX } from '../../../integrations/messaging-gateway/wkteam-wire';
import { type ConversationFacts, type DailyTally, rollUpMessage } from './rollup';
import { type LoggedMessage, SESSION_GAP_MS, type SessionState, sessionStep } from './session-step';

/**
 * The roll-ups of a batch of incoming messages written in one transaction (issue 38): the
 * conversations' locks in one statement, their facts in one (the caller's: messaging/inbox reads
 * the accounts and contacts), their latest sessions in one, each
 * session written once however many of the batch's messages it counts, and the day's counts once
 * (the caller's DailyTally). Counted exactly as one message at a time would (session-step.ts).
 */

/** A conversation: an account and one peer. */
export interface Conversation {
  accountId: number;
  peerWcId: string;
}

export const conversationKey = (c: Conversation) => `${c.accountId}:${c.peerWcId}`;

/**
 * Takes the locks of several conversations (the lock of rollup.ts `lockConversationOf`), in the order of
 * the locks' own ids: any two transactions taking several take the shared ones in the same order,
 * so they never wait on each other crosswise (the order of the names would not do: two names may
 * hash to one lock).
 */
export async function lockConversations(tx: Executor, conversations: readonly Conversation[]): Promise<void> {
  if (!conversations.length) return;
  const keys = sql.join(
    conversations.map((c) => sql`${conversationKey(c)}`),
    sql`, `,
  );
  await tx.execute(sql`
    select pg_advisory_xact_lock(${LOCK_NAMESPACE.conversation}, l.h)
    from (select distinct hashtext(k) as h from unnest(array[${keys}]::text[]) as k order by h) as l`);
}

type LatestSession = SessionState & { id: number };

type LatestRow = {
  id: number | string;
  account_id: number;
  peer_wc_id: string;
  started_at: Date | string;
  last_at: Date | string;
  first_in_at: Date | string | null;
  first_response_ms: number | string | null;
  messages_in: number;
  messages_out: number;
  agent_replies: number;
  fallback_replies: number;
  person_replies: number;
};

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Each conversation's latest session (by start), in one statement: one step down the index each. */
async function latestSessions(
  tx: Executor,
  conversations: readonly Conversation[],
): Promise<Map<string, LatestSession>> {
  const keys = sql.join(
    conversations.map((c) => sql`(${c.accountId}::int, ${c.peerWcId}::text)`),
    sql`, `,
  );
  const { rows } = await tx.execute<LatestRow>(sql`
    select s.* from (values ${keys}) as k(account_id, peer_wc_id)
    cross join lateral (
      select id, account_id, peer_wc_id, started_at, last_at, first_in_at, first_response_ms, messages_in,
        messages_out, agent_replies, fallback_replies, person_replies
      from ${contactSessions}
      where account_id = k.account_id and peer_wc_id = k.peer_wc_id
      order by started_at desc limit 1) as s`);
  return new Map(
    rows.map((r) => [
      conversationKey({ accountId: Number(r.account_id), peerWcId: r.peer_wc_id }),
      {
        id: Number(r.id),
        startedAt: dateOf(r.started_at),
        lastAt: dateOf(r.last_at),
        firstInAt: r.first_in_at === null ? null : dateOf(r.first_in_at),
        firstResponseMs: r.first_response_ms === null ? null : Number(r.first_response_ms),
        messagesIn: Number(r.messages_in),
        messagesOut: Number(r.messages_out),
        agentReplies: Number(r.agent_replies),
        fallbackReplies: Number(r.fallback_replies),
        personReplies: Number(r.person_replies),
      },
    ]),
  );
}

/**
 * Rolls up incoming messages just stored, in the transaction that stored them and holds their
 * conversations' locks (`facts` read under them). A conversation whose messages are not in time
 * order, or older than its latest session, is counted one message at a time instead (a late
 * delivery), so the batch never counts otherwise than the single path.
 */
export async function rollUpIncoming(
  tx: Executor,
  messages: readonly LoggedMessage[],
  facts: ReadonlyMap<string, ConversationFacts | undefined>,
  daily: DailyTally,
): Promise<void> {
  const byConversation = new Map<string, LoggedMessage[]>();
  for (const m of messages) {
    if (m.direction !== 'in' || m.senderWcId || m.peerWcId.endsWith(GROUP_SUFFIX)) continue;
    const who = facts.get(conversationKey(m));
    if (!who || who.relationship === 'colleague' || who.type === 'group') continue;
    const key = conversationKey(m);
    byConversation.set(key, [...(byConversation.get(key) ?? []), m]);
  }
  if (!byConversation.size) return;
  const latest = await latestSessions(
    tx,
    [...byConversation.values()].map((list) => list[0] as LoggedMessage),
  );
  const inserts: (typeof contactSessions.$inferInsert)[] = [];
  const updates: (SessionState & { id: number })[] = [];
  for (const [key, list] of byConversation) {
    const who = facts.get(key) as ConversationFacts;
    const first = list[0] as LoggedMessage;
    let current: LatestSession | (SessionState & { id: null }) | undefined = latest.get(key);
    const inOrder = list.every((m, i) => i === 0 || m.at >= (list[i - 1] as LoggedMessage).at);
    if (!inOrder || (current && first.at.getTime() + SESSION_GAP_MS - 1 < current.startedAt.getTime())) {
      for (const m of list) await rollUpMessage(tx, m, { conversation: who, daily });
      continue;
    }
    const existing = current?.id ?? null;
    let updated: SessionState | undefined;
    for (const m of list) {
      const step = sessionStep(current, m);
      for (const [day, counts] of step.daily) daily.add(m.customerId, day, counts);
      if (!step.continues && current && current.id === null) inserts.push(sessionRow(m, who, current));
      const id: number | null = step.continues ? (current?.id ?? null) : null;
      current = id === null ? { ...step.next, id } : { ...step.next, id };
      if (id !== null) updated = step.next;
    }
    if (current && current.id === null) inserts.push(sessionRow(first, who, current));
    if (existing !== null && updated) updates.push({ ...updated, id: existing });
  }
  await updateSessions(tx, updates);
  if (inserts.length) await tx.insert(contactSessions).values(inserts);
}

/** Writes the counted fields of several existing sessions in one statement. */
async function updateSessions(tx: Executor, updates: readonly (SessionState & { id: number })[]): Promise<void> {
  if (!updates.length) return;
  const time = (d: Date | null) => (d === null ? sql`null::timestamptz` : sql`${d.toISOString()}::timestamptz`);
  const values = sql.join(
    updates.map(
      (u) =>
        sql`(${u.id}::bigint, ${time(u.startedAt)}, ${time(u.lastAt)}, ${time(u.firstInAt)}, ${u.firstResponseMs}::int,
          ${u.messagesIn}::int, ${u.messagesOut}::int, ${u.agentReplies}::int, ${u.fallbackReplies}::int, ${u.personReplies}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${contactSessions} as s set started_at = v.started_at, last_at = v.last_at, first_in_at = v.first_in_at,
      first_response_ms = v.first_response_ms, messages_in = v.messages_in, messages_out = v.messages_out,
      agent_replies = v.agent_replies, fallback_replies = v.fallback_replies, person_replies = v.person_replies
    from (values ${values}) as v(id, started_at, last_at, first_in_at, first_response_ms, messages_in, messages_out,
      agent_replies, fallback_replies, person_replies)
    where s.id = v.id`);
}

function sessionRow(
  m: LoggedMessage,
  who: ConversationFacts,
  state: SessionState,
): typeof contactSessions.$inferInsert {
  const { startedAt, lastAt, firstInAt, firstResponseMs, messagesIn, messagesOut } = state;
  return {
    customerId: m.customerId,
    accountId: m.accountId,
    peerWcId: m.peerWcId,
    appId: who.appId,
    startedAt,
    lastAt,
    firstInAt,
    firstResponseMs,
    messagesIn,
    messagesOut,
    agentReplies: state.agentReplies,
    fallbackReplies: state.fallbackReplies,
    personReplies: state.personReplies,
  };
}
