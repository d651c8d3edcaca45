import type { MetricsDashboard, MetricsDashboardQuery, MetricsKpis, MetricsTrendPoint } from '@agent-console/contracts';
import { UNANSWERED_TOP } from '@agent-console/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { startOfDay } from '../../../lib/server-day';
import { followupSendsAs } from '../../automation/followup-runtime/send.repo';
import { accountsAs } from '../../messaging/account/account.repo';
import { contactsAs } from '../../messaging/contact/contact.repo';
import { leadsAs } from '../../messaging/conversation/lead.repo';
import { messagesAs } from '../../messaging/outbox/message.repo';
import { dailyCountsAs, sessionsAs, unansweredAs } from '../../messaging/rollup/rollup.repo';
import { assertMetricsCustomer, daysOf, type Period, periodOf } from './period';
import { ofReportCustomers, type ReportCustomers, reportCustomers } from './report-customers';

/** The daily counters of `metrics_daily` the dashboard reads, by their figure's name. */
const DAILY_COLUMNS = {
  messagesIn: 'messages_in',
  messagesOut: 'messages_out',
  agentReplies: 'agent_replies',
  agentAnswered: 'agent_answered',
  personReplies: 'person_replies',
  sessions: 'sessions',
  activeSessions: 'active_sessions',
  handoverSessions: 'handover_sessions',
  friendRequests: 'friend_requests',
  friendsAccepted: 'friends_accepted',
} as const;
type DailyFigure = keyof typeof DAILY_COLUMNS;

/** Every figure with one value per day of the period: the daily counters and new contacts. */
export type SeriesFigure = DailyFigure | 'newContacts';
export type DashboardSeries = Record<SeriesFigure, number[]>;

/** The figures drawn as chart lines (the rest are cards only; every one is a series all the same). */
const TREND_FIGURES = [
  'messagesIn',
  'messagesOut',
  'activeSessions',
  'newContacts',
  'agentAnswered',
  'handoverSessions',
] as const satisfies readonly SeriesFigure[];

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
const total = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);

/**
 * The one definition of every figure that has a daily series: the series itself, one value per
 * day of the period. Its card is `total(series)` and its chart line is the series, so a card and
 * its line always agree (docs/metrics.md, "One definition").
 */
export async function dashboardSeries(db: Db, customers: ReportCustomers, period: Period): Promise<DashboardSeries> {
  const days = daysOf(period);
  const index = new Map(days.map((day, i) => [day, i]));
  const zeros = () => days.map(() => 0);
  const series = Object.fromEntries(
    [...Object.keys(DAILY_COLUMNS), 'newContacts'].map((k) => [k, zeros()]),
  ) as DashboardSeries;

  const sums = Object.entries(DAILY_COLUMNS).map(
    ([k, column]) => sql`sum(${sql.raw(column)})::int as ${sql.identifier(k)}`,
  );
  const [daily, firsts] = await Promise.all([
    db.execute<Record<DailyFigure, number> & { day: string }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, ${sql.join(sums, sql`, `)}
      from ${dailyCountsAs('metrics_daily')}
      where ${ofReportCustomers(customers, sql`customer_id`)}
        and day between ${period.from}::date and ${period.to}::date
      group by day`),
    newContactsByDay(db, customers, period, days),
  ]);
  for (const row of daily.rows) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    for (const k of Object.keys(DAILY_COLUMNS) as DailyFigure[]) series[k][i] = Number(row[k] ?? 0);
  }
  series.newContacts = firsts;
  return series;
}

/**
 * New contacts per day: contacts (an account and a peer) whose first contact fell on that day —
 * the earlier of the console first knowing the contact (its `chat_contacts` row made: the address
 * list initialised, a friend request accepted, the agent meeting a new writer) and its first
 * session (a message logged before the row existed). A contact seen before the period does not
 * count, however much it is messaged in it. Groups and contacts now marked colleague are left
 * out. Days are the server's: each instant is put in its day by `width_bucket` over the days'
 * starts, computed here, so the database's session time zone never matters.
 */
async function newContactsByDay(db: Db, customers: ReportCustomers, period: Period, days: string[]): Promise<number[]> {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const bounds = days.map((day) => sql`${startOfDay(day).toISOString()}::timestamptz`);
  const { rows } = await db.execute<{ bucket: number; n: number }>(sql`
    with seen as (
      select account_id, wc_id, min(at) as at from (
        select c.account_id, c.wc_id, c.created_at as at from ${contactsAs('c')}
        where ${ofReportCustomers(customers, sql`c.customer_id`)}
          and c.created_at >= ${start}::timestamptz and c.created_at < ${end}::timestamptz
        union all
        select s.account_id, s.peer_wc_id, s.started_at from ${sessionsAs('s')}
        where ${ofReportCustomers(customers, sql`s.customer_id`)}
          and s.started_at >= ${start}::timestamptz and s.started_at < ${end}::timestamptz
      ) e
      group by account_id, wc_id
    )
    select width_bucket(seen.at, array[${sql.join(bounds, sql`, `)}]) as bucket, count(*)::int as n
    from seen
    left join ${contactsAs('c')} on c.account_id = seen.account_id and c.wc_id = seen.wc_id
    where seen.wc_id not like '%@chatroom'
      and (c.id is null or (c.created_at >= ${start}::timestamptz and c.type <> 'group' and c.relationship <> 'colleague'))
      and not exists (
        select 1 from ${sessionsAs('p')}
        where p.account_id = seen.account_id and p.peer_wc_id = seen.wc_id and p.started_at < ${start}::timestamptz)
    group by 1`);
  const perDay = days.map(() => 0);
  for (const r of rows) {
    const i = Number(r.bucket) - 1;
    if (i >= 0 && i < perDay.length) perDay[i] = Number(r.n);
  }
  return perDay;
}

/** The customers of a dashboard request: the one picked (in the caller's scope) or all of the scope. */
async function dashboardCustomers(db: Db, auth: AuthContext, picked: number | undefined): Promise<ReportCustomers> {
  if (picked !== undefined) assertMetricsCustomer(auth, picked);
  return reportCustomers(db, auth, picked, () => {
    throw AppError.field('A0312', 'customerId', 'invalidValue');
  });
}

/**
 * GET /metrics/dashboard: the KPIs, daily trend and top unanswered questions over a period, of
 * one customer or every customer of the caller's scope rolled up, from the roll-ups (the daily
 * counters, the sessions of the period for the median first response, the contacts, leads and
 * accounts tables) — never the message log.
 */
export async function metricsDashboard(db: Db, auth: AuthContext, q: MetricsDashboardQuery): Promise<MetricsDashboard> {
  const period = periodOf(q);
  const customers = await dashboardCustomers(db, auth, q.customerId);
  const of = (column: SQL) => ofReportCustomers(customers, column);
  const start = period.start.toISOString();
  const end = period.end.toISOString();

  const [series, median, leads, followups, accounts, unanswered] = await Promise.all([
    dashboardSeries(db, customers, period),
    db.execute<{ ms: number | string | null }>(sql`
      select round(percentile_cont(0.5) within group (order by first_response_ms)) as ms
      from ${sessionsAs('contact_sessions')}
      where ${of(sql`customer_id`)} and started_at >= ${start}::timestamptz and started_at < ${end}::timestamptz
        and first_response_ms is not null`),
    db.execute<{ n: number }>(sql`
      select count(distinct l.contact_id)::int as n
      from ${leadsAs('l')} join ${contactsAs('c')} on c.id = l.contact_id
      where ${of(sql`l.customer_id`)} and l.captured_at >= ${start}::timestamptz
        and l.captured_at < ${end}::timestamptz and c.relationship <> 'colleague'`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n
      from ${followupSendsAs('f')} join ${messagesAs('m')} on m.id = f.message_id
      where ${of(sql`f.customer_id`)} and m.status = 'sent'
        and m.sent_at >= ${start}::timestamptz and m.sent_at < ${end}::timestamptz`),
    db.execute<{ online: number; offline: number }>(sql`
      select count(*) filter (where login_status = 'online')::int as online,
        count(*) filter (where login_status <> 'online')::int as offline
      from ${accountsAs('chat_accounts')} where ${of(sql`customer_id`)}`),
    db.execute<{ question: string; count: number; last_at: Date | string }>(sql`
      select (array_agg(question order by last_at desc))[1] as question, sum(count)::int as count,
        max(last_at) as last_at
      from ${unansweredAs('metrics_unanswered')}
      where ${of(sql`customer_id`)} and day between ${period.from}::date and ${period.to}::date
      group by question_key
      order by sum(count) desc, max(last_at) desc
      limit ${UNANSWERED_TOP}`),
  ]);

  const trend: MetricsTrendPoint[] = daysOf(period).map((date, i) => {
    const point = { date } as MetricsTrendPoint;
    for (const k of TREND_FIGURES) point[k] = series[k][i] ?? 0;
    return point;
  });
  const sum = (k: SeriesFigure) => total(series[k]);
  const medianMs = median.rows[0]?.ms;
  const kpis: MetricsKpis = {
    newContacts: sum('newContacts'),
    friendRequests: sum('friendRequests'),
    friendsAccepted: sum('friendsAccepted'),
    sessions: sum('sessions'),
    activeSessions: sum('activeSessions'),
    messagesIn: sum('messagesIn'),
    messagesOut: sum('messagesOut'),
    agentReplies: sum('agentReplies'),
    agentAnswered: sum('agentAnswered'),
    agentReplyRate: ratio(sum('agentAnswered'), sum('messagesIn')),
    handoverSessions: sum('handoverSessions'),
    handoverRate: ratio(sum('handoverSessions'), sum('activeSessions')),
    personReplies: sum('personReplies'),
    medianFirstResponseMs: medianMs === null || medianMs === undefined ? null : Number(medianMs),
    leadsCaptured: leads.rows[0]?.n ?? 0,
    followupsSent: followups.rows[0]?.n ?? 0,
    accountsOnline: accounts.rows[0]?.online ?? 0,
    accountsOffline: accounts.rows[0]?.offline ?? 0,
  };
  return {
    customerId: customers.customerId,
    dateFrom: period.from,
    dateTo: period.to,
    kpis,
    trend,
    unanswered: unanswered.rows.map((r) => ({
      question: r.question,
      count: r.count,
      lastAt: (r.last_at instanceof Date ? r.last_at : new Date(r.last_at)).toISOString(),
    })),
  };
}
