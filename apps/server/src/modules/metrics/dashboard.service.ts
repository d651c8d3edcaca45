import type { MetricsDashboard, MetricsDashboardQuery, MetricsTrendPoint } from '@agent-console/contracts';
import { UNANSWERED_TOP } from '@agent-console/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/request-context';
import { assertMetricsCustomer, daysOf, periodOf } from './period';

interface DailyRow extends Record<string, unknown> {
  day: string;
  messages_in: number;
  messages_out: number;
  agent_replies: number;
  agent_answered: number;
  fallback_replies: number;
  person_replies: number;
  sessions: number;
  active_sessions: number;
  handover_sessions: number;
  new_contacts: number;
  friend_requests: number;
  friends_accepted: number;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/**
 * GET /metrics/dashboard: a customer's KPIs, daily trend and top unanswered questions over a
 * period, from the roll-ups (the daily counters, the sessions of the period for the median first
 * response, the leads and accounts tables) — never the message log.
 */
export async function metricsDashboard(db: Db, auth: AuthContext, q: MetricsDashboardQuery): Promise<MetricsDashboard> {
  const period = periodOf(q);
  const customerId = q.customerId ?? auth.customerId;
  assertMetricsCustomer(auth, customerId);
  const start = period.start.toISOString();
  const end = period.end.toISOString();

  const [daily, median, leads, accounts, unanswered] = await Promise.all([
    db.execute<DailyRow>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, messages_in, messages_out, agent_replies, agent_answered,
        fallback_replies, person_replies, sessions, active_sessions, handover_sessions, new_contacts,
        friend_requests, friends_accepted
      from metrics_daily
      where customer_id = ${customerId} and day between ${period.from}::date and ${period.to}::date
      order by day`),
    db.execute<{ ms: number | string | null }>(sql`
      select round(percentile_cont(0.5) within group (order by first_response_ms)) as ms
      from contact_sessions
      where customer_id = ${customerId} and started_at >= ${start}::timestamptz and started_at < ${end}::timestamptz
        and first_response_ms is not null`),
    db.execute<{ n: number }>(sql`
      select count(distinct l.contact_id)::int as n
      from contact_leads l join chat_contacts c on c.id = l.contact_id
      where l.customer_id = ${customerId} and l.captured_at >= ${start}::timestamptz
        and l.captured_at < ${end}::timestamptz and c.relationship <> 'colleague'`),
    db.execute<{ online: number; offline: number }>(sql`
      select count(*) filter (where login_status = 'online')::int as online,
        count(*) filter (where login_status <> 'online')::int as offline
      from chat_accounts where customer_id = ${customerId}`),
    db.execute<{ question: string; count: number; last_at: Date | string }>(sql`
      select (array_agg(question order by last_at desc))[1] as question, sum(count)::int as count,
        max(last_at) as last_at
      from metrics_unanswered
      where customer_id = ${customerId} and day between ${period.from}::date and ${period.to}::date
      group by question_key
      order by sum(count) desc, max(last_at) desc
      limit ${UNANSWERED_TOP}`),
  ]);

  const byDay = new Map(daily.rows.map((r) => [r.day, r]));
  const sum = (key: keyof Omit<DailyRow, 'day'>) => daily.rows.reduce((n, r) => n + Number(r[key]), 0);
  const trend: MetricsTrendPoint[] = daysOf(period).map((date) => {
    const r = byDay.get(date);
    return {
      date,
      messagesIn: r ? Number(r.messages_in) : 0,
      messagesOut: r ? Number(r.messages_out) : 0,
      activeSessions: r ? Number(r.active_sessions) : 0,
      newContacts: r ? Number(r.new_contacts) : 0,
      agentAnswered: r ? Number(r.agent_answered) : 0,
      fallbackReplies: r ? Number(r.fallback_replies) : 0,
    };
  });
  const messagesIn = sum('messages_in');
  const activeSessions = sum('active_sessions');
  const agentAnswered = sum('agent_answered');
  const handoverSessions = sum('handover_sessions');
  const medianMs = median.rows[0]?.ms;
  return {
    customerId,
    dateFrom: period.from,
    dateTo: period.to,
    kpis: {
      newContacts: sum('new_contacts'),
      friendRequests: sum('friend_requests'),
      friendsAccepted: sum('friends_accepted'),
      sessions: sum('sessions'),
      activeSessions,
      messagesIn,
      messagesOut: sum('messages_out'),
      agentReplies: sum('agent_replies'),
      agentAnswered,
      agentReplyRate: ratio(agentAnswered, messagesIn),
      handoverSessions,
      handoverRate: ratio(handoverSessions, activeSessions),
      personReplies: sum('person_replies'),
      medianFirstResponseMs: medianMs === null || medianMs === undefined ? null : Number(medianMs),
      leadsCaptured: leads.rows[0]?.n ?? 0,
      accountsOnline: accounts.rows[0]?.online ?? 0,
      accountsOffline: accounts.rows[0]?.offline ?? 0,
    },
    trend,
    unanswered: unanswered.rows.map((r) => ({
      question: r.question,
      count: r.count,
      lastAt: (r.last_at instanceof Date ? r.last_at : new Date(r.last_at)).toISOString(),
    })),
  };
}
