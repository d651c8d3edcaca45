import type {
  PageResult,
  Relationship,
  SessionMetricsPageQuery,
  SessionMetricsRow,
  SessionMetricsSortField,
} from '@agent-console/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { inScope, scopeCondition } from '../../../http/data-scope';
import { offsetBatches } from '../../../http/export-batches';
import { pageOffset, pageResult } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { appCustomerId, appsAs } from '../../config/app-config/app.repo';
import { accountsAs, scopedAccountsToJoin } from '../../messaging/account/account.repo';
import { contactsAs } from '../../messaging/contact/contact.repo';
import { leadsAs } from '../../messaging/conversation/lead.repo';
import { sessionsAs } from '../../messaging/rollup/rollup.repo';
import { customersAs } from '../../system/customer/customer.repo';
import { assertMetricsCustomer, periodOf } from './period';

type Filter = Omit<SessionMetricsPageQuery, 'pageNum' | 'pageSize'>;

/** Sort fields → the grouped query's output columns (an allow-list: nothing the client sends reaches SQL). */
const SORT_COLUMNS: Record<SessionMetricsSortField, string> = {
  lastMessageAt: 'last_message_at',
  firstMessageAt: 'first_message_at',
  sessions: 'sessions',
  messagesIn: 'messages_in',
  messagesOut: 'messages_out',
  avgFirstResponseMs: 'avg_first_response_ms',
  leads: 'leads',
  nickname: 'nickname',
};

interface Row extends Record<string, unknown> {
  customer_id: number;
  customer_name: string;
  account_id: number;
  account_name: string;
  contact_id: number | null;
  wc_id: string;
  nickname: string;
  relationship: string;
  app_id: number | null;
  app_name: string | null;
  sessions: number;
  messages_in: number;
  messages_out: number;
  agent_replies: number;
  person_replies: number;
  first_message_at: Date | string;
  last_message_at: Date | string;
  avg_first_response_ms: number | string | null;
  leads: number;
  total: number;
}

/** Refuses filters naming an account, app or customer outside the caller's scope (naming the field; nothing read). */
async function assertFilterScope(db: Db, auth: AuthContext, f: Filter): Promise<void> {
  if (f.customerId !== undefined) assertMetricsCustomer(auth, f.customerId);
  if (f.accountId !== undefined) {
    const account = scopedAccountsToJoin;
    const [a] = await db
      .select({ customerId: account.customerId, owner: account.ownerUserId })
      .from(account)
      .where(eq(account.id, f.accountId));
    if (!a || !inScope(auth, a.customerId, a.owner)) throw AppError.field('A0400', 'accountId', 'invalidValue');
  }
  if (f.appId !== undefined) {
    const customerId = await appCustomerId(db, f.appId);
    if (customerId === undefined || !inScope(auth, customerId)) throw AppError.field('A0400', 'appId', 'invalidValue');
  }
}

/**
 * One row per contact with a session started in the period, from the session roll-up (never the
 * message log): the sessions of the period grouped by account and peer, joined to the contact,
 * filtered, ordered and cut to the page (`listed`); only the page's rows are then joined to their
 * account, customer, latest app and leads. Grouping 100,000 sessions is the query's cost, so the
 * per-row work that the order does not need (the app of the latest session, the leads) is done
 * for the twenty rows shown, not the ten thousand grouped (issue 38). Colleagues are left out (as
 * they are now: one marked colleague since drops out at once). The latest app is looked for among
 * the sessions the grouping counted: the same period, and the app filtered by.
 */
function sessionMetricsQuery(auth: AuthContext, f: Filter, page: { limit: number; offset: number }): SQL {
  const period = periodOf(f);
  // Named as the table, so that the SQL below reads as written against it.
  const contactSessions = sessionsAs('contact_sessions');
  const account = scopedAccountsToJoin;
  const start = sql`${period.start.toISOString()}::timestamptz`;
  const end = sql`${period.end.toISOString()}::timestamptz`;
  const where: SQL[] = [sql`${contactSessions.startedAt} >= ${start}`, sql`${contactSessions.startedAt} < ${end}`];
  const scope = scopeCondition(auth, contactSessions.customerId, account.ownerUserId);
  if (scope) where.push(scope);
  if (f.customerId !== undefined) where.push(eq(contactSessions.customerId, f.customerId));
  if (f.accountId !== undefined) where.push(eq(contactSessions.accountId, f.accountId));
  if (f.appId !== undefined) where.push(eq(contactSessions.appId, f.appId));

  // The leads are counted for every grouped row only when the filter or the order needs them.
  const leadsListed = f.hasLead !== undefined || f.orderBy?.field === 'leads';
  const outer: SQL[] = [sql`coalesce(c.relationship, 'default') <> 'colleague'`];
  if (f.relationship) outer.push(sql`coalesce(c.relationship, 'default') = ${f.relationship}`);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    outer.push(sql`(c.nickname ilike ${like} or g.peer_wc_id ilike ${like})`);
  }
  if (f.hasLead === true) outer.push(sql`coalesce(l.n, 0) > 0`);
  if (f.hasLead === false) outer.push(sql`coalesce(l.n, 0) = 0`);

  const sort = f.orderBy ? SORT_COLUMNS[f.orderBy.field] : 'last_message_at';
  const direction = f.orderBy ? (f.orderBy.direction === 'desc' ? 'desc' : 'asc') : 'desc';
  const nulls = direction === 'desc' ? 'nulls last' : 'nulls first';
  // By output names, in `listed` and again on its page (the contact's key ends it: a total order).
  const order = (peer: string) => sql.raw(`${sort} ${direction} ${nulls}, account_id asc, ${peer} asc`);

  return sql`
    with g as (
      select contact_sessions.account_id, contact_sessions.peer_wc_id,
        min(contact_sessions.customer_id) as customer_id,
        count(*)::int as sessions,
        sum(contact_sessions.messages_in)::int as messages_in,
        sum(contact_sessions.messages_out)::int as messages_out,
        sum(contact_sessions.agent_replies)::int as agent_replies,
        sum(contact_sessions.person_replies)::int as person_replies,
        min(contact_sessions.started_at) as first_message_at,
        max(contact_sessions.last_at) as last_message_at,
        round(avg(contact_sessions.first_response_ms)) as avg_first_response_ms
      from ${contactSessions}
      join ${account} on ${account.id} = contact_sessions.account_id
      where ${and(...where)}
      group by contact_sessions.account_id, contact_sessions.peer_wc_id
    ),
    listed as (
      select g.*, c.id as contact_id, coalesce(c.nickname, '') as nickname,
        coalesce(c.relationship, 'default') as relationship,
        ${leadsListed ? sql`coalesce(l.n, 0)::int` : sql`null::int`} as leads,
        count(*) over ()::int as total
      from g
      left join ${contactsAs('c')} on c.account_id = g.account_id and c.wc_id = g.peer_wc_id
      ${leadsListed ? sql`left join (select contact_id, count(*) as n from ${leadsAs('contact_leads')} group by contact_id) l on l.contact_id = c.id` : sql``}
      where ${and(...outer)}
      order by ${order('peer_wc_id')}
      limit ${page.limit} offset ${page.offset}
    )
    select listed.customer_id, cu.name as customer_name, listed.account_id,
      coalesce(nullif(a.nickname, ''), a.account) as account_name,
      listed.contact_id, listed.peer_wc_id as wc_id, listed.nickname, listed.relationship,
      latest.app_id, ap.name as app_name, listed.sessions, listed.messages_in, listed.messages_out,
      listed.agent_replies, listed.person_replies, listed.first_message_at, listed.last_message_at,
      listed.avg_first_response_ms,
      coalesce(listed.leads, (select count(*) from ${leadsAs('contact_leads')} where contact_leads.contact_id = listed.contact_id))::int
        as leads,
      listed.total
    from listed
    join ${accountsAs('a')} on a.id = listed.account_id
    join ${customersAs('cu')} on cu.id = listed.customer_id
    left join lateral (
      select s.app_id from ${sessionsAs('s')}
      where s.account_id = listed.account_id and s.peer_wc_id = listed.peer_wc_id
        and s.started_at >= ${start} and s.started_at < ${end}
        ${f.appId !== undefined ? sql`and s.app_id = ${f.appId}` : sql``}
      order by s.started_at desc limit 1
    ) latest on true
    left join ${appsAs('ap')} on ap.id = latest.app_id
    order by ${order('wc_id')}`;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function toRow(r: Row): SessionMetricsRow {
  return {
    key: `${r.account_id}:${r.wc_id}`,
    customerId: r.customer_id,
    customerName: r.customer_name,
    accountId: r.account_id,
    accountName: r.account_name,
    contactId: r.contact_id,
    wcId: r.wc_id,
    nickname: r.nickname,
    relationship: r.relationship as Relationship,
    appId: r.app_id,
    appName: r.app_name,
    sessions: r.sessions,
    messagesIn: r.messages_in,
    messagesOut: r.messages_out,
    agentReplies: r.agent_replies,
    personReplies: r.person_replies,
    firstMessageAt: iso(r.first_message_at),
    lastMessageAt: iso(r.last_message_at),
    avgFirstResponseMs: r.avg_first_response_ms === null ? null : Number(r.avg_first_response_ms),
    leads: r.leads,
  };
}

/** POST /metrics/customer/session/list/page. */
export async function pageSessionMetrics(
  db: Db,
  auth: AuthContext,
  q: SessionMetricsPageQuery & { pageNum: number; pageSize: number },
): Promise<PageResult<SessionMetricsRow>> {
  periodOf(q);
  await assertFilterScope(db, auth, q);
  const { rows } = await db.execute<Row>(sessionMetricsQuery(auth, q, { limit: q.pageSize, offset: pageOffset(q) }));
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the total: count without paging.
  if (!rows.length && q.pageNum > 1) {
    const { rows: first } = await db.execute<Row>(sessionMetricsQuery(auth, q, { limit: 1, offset: 0 }));
    total = first[0]?.total ?? 0;
  }
  return pageResult(rows.map(toRow), total, q);
}

/**
 * Rows per batch of the export. Each batch groups the period's sessions again, so batches are
 * larger than other exports' (a row here is a few numbers): 50,000 rows are ten groupings.
 */
const EXPORT_BATCH = 5000;

/**
 * The rows of the export: the same filter and order, at most `limit` rows, a batch at a time as
 * the file is written. By offset: the order is by a figure of the grouping, ending with the
 * contact's key. Bad filters fail the first batch, before the answer starts.
 */
export async function* sessionMetricsExportBatches(
  db: Db,
  auth: AuthContext,
  q: Filter,
  limit: number,
): AsyncGenerator<readonly SessionMetricsRow[]> {
  periodOf(q);
  await assertFilterScope(db, auth, q);
  yield* offsetBatches(
    async (window) => (await db.execute<Row>(sessionMetricsQuery(auth, q, window))).rows.map(toRow),
    limit,
    EXPORT_BATCH,
  );
}
