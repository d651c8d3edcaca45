import {
  type MetricsDashboard,
  type PageResult,
  PERMISSIONS,
  type SessionMetricsPageQuery,
  type SessionMetricsRow,
} from '@agent-console/contracts';
import { type ChatAccountRow, insertChatAccount, insertContacts } from '@agent-console/server/test/fixtures/chat';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentAnswers,
  agentConversations,
  chatContacts,
  chatMessages,
  contactLeads,
  contactSessions,
  customers,
  metricsDaily,
} from '../../db/schema';
import { addDays, serverDay } from '../../lib/server-day';
import { storeIncomingMessage } from '../gateway-callback/message-log';
import { storeOwnMessage } from '../gateway-callback/own-message';
import { rollUpMessage } from './rollup';

/**
 * The session metrics and dashboard calls over roll-ups written by the real write path (the
 * message log's store functions): sessions split by a 31-minute gap, redeliveries counted once,
 * colleagues and groups left out; filters, sort, export; permission, scope and bad input refused
 * naming the field, with nothing written.
 */
let t: TestApp;
let admin: string;
let f: ReturnType<typeof fixtures>;
const LIST = '/api/v3/metrics/customer/session/list/page';
const EXPORT = '/api/v3/metrics/customer/session/export';
const DASH = '/api/v3/metrics/dashboard';
const MIN = 60_000;

let customerId: number;
let account: ChatAccountRow;
let alice: typeof chatContacts.$inferSelect;
let bob: typeof chatContacts.$inferSelect;
let colleague: typeof chatContacts.$inferSelect;
let group: typeof chatContacts.$inferSelect;
let otherCustomer: number;
let otherAccount: ChatAccountRow;
/** Three hours ago, so the default period (the last 7 days) holds every message below. */
const T0 = new Date(Math.floor((Date.now() - 3 * 60 * MIN) / 1000) * 1000);
const at = (minutes: number) => new Date(T0.getTime() + minutes * MIN);
let n = 0;

async function incoming(
  acc: ChatAccountRow,
  from: string,
  minutes: number,
  opts: { msgId?: string; sender?: string } = {},
) {
  return storeIncomingMessage(t.database.db, acc, {
    kind: 'message',
    msgId: opts.msgId ?? `m${n++}`,
    wcId: acc.wcId,
    fromWcId: from,
    ...(opts.sender ? { senderWcId: opts.sender } : {}),
    type: 'text',
    content: `hello ${n}`,
    at: at(minutes),
  });
}

async function phone(acc: ChatAccountRow, to: string, minutes: number) {
  return storeOwnMessage(t.database.db, acc, {
    kind: 'message',
    msgId: `p${n++}`,
    wcId: acc.wcId,
    fromWcId: to,
    fromSelf: true,
    type: 'text',
    content: `reply ${n}`,
    at: at(minutes),
  });
}

const list = (body: SessionMetricsPageQuery, token = admin) =>
  t.call<PageResult<SessionMetricsRow>>('POST', LIST, { token, body });
const dashboard = (query: string, token = admin) => t.call<MetricsDashboard>('GET', `${DASH}?${query}`, { token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAdmin();
  f = fixtures(t, () => admin);
  customerId = await f.customer();
  otherCustomer = await f.customer();
  account = await insertChatAccount(t, { customerId });
  otherAccount = await insertChatAccount(t, { customerId: otherCustomer, loginStatus: 'offline' });
  [alice, bob, colleague] = (await insertContacts(t, account, 3)) as [typeof alice, typeof bob, typeof colleague];
  [group] = (await insertContacts(t, account, 1, { type: 'group' })) as [typeof group];
  await t.database.db.update(chatContacts).set({ relationship: 'colleague' }).where(eq(chatContacts.id, colleague.id));
  await t.database.db.update(chatContacts).set({ nickname: 'Alice Zhang' }).where(eq(chatContacts.id, alice.id));

  // Alice: writes, the phone answers 2 minutes later, she writes again 31 minutes after that
  // answer (a second session), and that message is delivered twice.
  await incoming(account, alice.wcId, 0);
  await phone(account, alice.wcId, 2);
  const again = await incoming(account, alice.wcId, 33, { msgId: 'alice-again' });
  expect((await incoming(account, alice.wcId, 33, { msgId: 'alice-again' })).outcome).toBe('duplicate');
  expect(again.outcome).toBe('stored');
  // Bob: three messages 29 minutes apart (one session), answered by the phone after 5 minutes.
  await incoming(account, bob.wcId, 0);
  await phone(account, bob.wcId, 5);
  await incoming(account, bob.wcId, 34);
  await incoming(account, bob.wcId, 63);
  // A colleague and a group: left out of customer metrics.
  await incoming(account, colleague.wcId, 1);
  await phone(account, colleague.wcId, 2);
  await incoming(account, group.wcId, 1, { sender: 'wxid_member' });
  // The other customer's contact.
  await incoming(otherAccount, 'wxid_stranger', 0);
  await t.database.db.insert(contactLeads).values({
    customerId,
    contactId: bob.id,
    item: 'Phone',
    value: '13912345678',
    method: 'pattern',
  });
});
afterAll(async () => {
  await t.close();
});

describe('roll-ups', () => {
  it('split a session at a gap of 30 minutes or more, count a redelivery once, and leave colleagues and groups out', async () => {
    const sessions = await t.database.db
      .select()
      .from(contactSessions)
      .where(eq(contactSessions.accountId, account.id))
      .orderBy(contactSessions.peerWcId, contactSessions.startedAt);
    const of = (wcId: string) => sessions.filter((s) => s.peerWcId === wcId);
    expect(of(alice.wcId).map((s) => [s.messagesIn, s.messagesOut, s.personReplies, s.firstResponseMs])).toEqual([
      [1, 1, 1, 2 * MIN],
      [1, 0, 0, null],
    ]);
    expect(of(bob.wcId).map((s) => [s.messagesIn, s.messagesOut, s.firstResponseMs])).toEqual([[3, 1, 5 * MIN]]);
    expect(of(colleague.wcId)).toEqual([]);
    expect(of(group.wcId)).toEqual([]);
  });
});

describe('roll-ups under concurrency and late delivery', () => {
  const sessionsOf = (accountId: number) =>
    t.database.db.select().from(contactSessions).where(eq(contactSessions.accountId, accountId));
  const dailyOf = async (id: number) => {
    const rows = await t.database.db.select().from(metricsDaily).where(eq(metricsDaily.customerId, id));
    return rows.reduce(
      (sum, r) => ({
        sessions: sum.sessions + r.sessions,
        messagesIn: sum.messagesIn + r.messagesIn,
      }),
      { sessions: 0, messagesIn: 0 },
    );
  };
  const newContactsOf = async (id: number) => (await dashboard(`customerId=${id}`)).body.data.kpis.newContacts;

  it('make one session of a new contact’s messages stored at the same moment, counting the contact once', async () => {
    const id = await f.customer();
    const acc = await insertChatAccount(t, { customerId: id });
    const [peer] = (await insertContacts(t, acc, 1)) as [typeof alice];
    await Promise.all(Array.from({ length: 8 }, (_, i) => incoming(acc, peer.wcId, i)));
    const sessions = await sessionsOf(acc.id);
    expect(sessions.map((s) => s.messagesIn)).toEqual([8]);
    expect(await dailyOf(id)).toEqual({ sessions: 1, messagesIn: 8 });
    expect(await newContactsOf(id)).toBe(1);
  });

  it('count a contact whose earlier message arrives late as one contact with two sessions', async () => {
    const id = await f.customer();
    const acc = await insertChatAccount(t, { customerId: id });
    const [peer] = (await insertContacts(t, acc, 1)) as [typeof alice];
    await incoming(acc, peer.wcId, 100);
    await incoming(acc, peer.wcId, 0);
    const sessions = await sessionsOf(acc.id);
    expect(sessions.map((s) => [s.startedAt.getTime(), s.messagesIn]).sort()).toEqual(
      [
        [at(0).getTime(), 1],
        [at(100).getTime(), 1],
      ].sort(),
    );
    expect(await dailyOf(id)).toEqual({ sessions: 2, messagesIn: 2 });
    expect(await newContactsOf(id)).toBe(1);
  });
});

describe('POST /metrics/customer/session/list/page', () => {
  it('lists one row per contact with its sessions, messages, first response and leads', async () => {
    const res = await list({ customerId });
    expect(res.body.code).toBe('00000');
    expect(res.body.data.total).toBe(2);
    const byWc = new Map(res.body.data.list.map((r) => [r.wcId, r]));
    expect(byWc.get(alice.wcId)).toMatchObject({
      nickname: 'Alice Zhang',
      contactId: alice.id,
      relationship: 'default',
      sessions: 2,
      messagesIn: 2,
      messagesOut: 1,
      personReplies: 1,
      agentReplies: 0,
      avgFirstResponseMs: 2 * MIN,
      leads: 0,
      firstMessageAt: T0.toISOString(),
      lastMessageAt: at(33).toISOString(),
      accountId: account.id,
    });
    expect(byWc.get(bob.wcId)).toMatchObject({ sessions: 1, messagesIn: 3, messagesOut: 1, leads: 1 });
    // Newest last message first by default.
    expect(res.body.data.list.map((r) => r.wcId)).toEqual([bob.wcId, alice.wcId]);
  });

  it('filters by keyword, lead, relationship, account and period, and sorts by a chosen field', async () => {
    const wcIds = async (body: SessionMetricsPageQuery) =>
      (await list({ customerId, ...body })).body.data.list.map((r) => r.wcId);
    expect(await wcIds({ keyword: 'alice' })).toEqual([alice.wcId]);
    expect(await wcIds({ hasLead: true })).toEqual([bob.wcId]);
    expect(await wcIds({ hasLead: false })).toEqual([alice.wcId]);
    expect(await wcIds({ relationship: 'silent' })).toEqual([]);
    expect(await wcIds({ accountId: account.id, orderBy: { field: 'sessions', direction: 'desc' } })).toEqual([
      alice.wcId,
      bob.wcId,
    ]);
    expect(await wcIds({ orderBy: { field: 'messagesIn', direction: 'desc' } })).toEqual([bob.wcId, alice.wcId]);
    expect(await wcIds({ dateFrom: '2020-01-01', dateTo: '2020-01-31' })).toEqual([]);
    // The admin sees every customer; the other customer's contact is listed without the filter.
    expect((await list({ pageSize: 100 })).body.data.list.some((r) => r.wcId === 'wxid_stranger')).toBe(true);
  });

  it('drops a contact marked colleague since', async () => {
    const [extra] = await insertContacts(t, account, 1);
    if (!extra) throw new Error('no contact');
    await incoming(account, extra.wcId, 10);
    expect((await list({ customerId, keyword: extra.wcId })).body.data.total).toBe(1);
    await t.database.db.update(chatContacts).set({ relationship: 'colleague' }).where(eq(chatContacts.id, extra.id));
    expect((await list({ customerId, keyword: extra.wcId })).body.data.total).toBe(0);
  });

  it('exports the filtered rows as XLSX with headers in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: EXPORT,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-chs' },
      payload: { customerId, keyword: 'Alice' },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('联系人');
    expect(sheet?.getRow(2).getCell(1).value).toBe('Alice Zhang');
    expect(sheet?.getRow(2).getCell(7).value).toBe(2);
    expect(sheet?.rowCount).toBe(2);
  });
});

describe('GET /metrics/dashboard', () => {
  it('answers the KPIs, a zero-filled daily trend and the accounts from the roll-ups', async () => {
    const res = await dashboard(`customerId=${customerId}`);
    expect(res.body.code).toBe('00000');
    const d = res.body.data;
    expect(d.trend).toHaveLength(7);
    // Alice 2 + Bob 3 + the contact of the test above 1; the colleague and the group left out.
    // New contacts: Alice and Bob (first seen now); the contact since marked colleague left out.
    expect(d.kpis).toMatchObject({
      messagesIn: 6,
      messagesOut: 2,
      personReplies: 2,
      sessions: 4,
      activeSessions: 4,
      newContacts: 2,
      medianFirstResponseMs: Math.round((2 * MIN + 5 * MIN) / 2),
      leadsCaptured: 1,
      accountsOnline: 1,
      accountsOffline: 0,
      agentReplyRate: 0,
      handoverRate: 0,
    });
    expect(d.trend.reduce((s, p) => s + p.messagesIn, 0)).toBe(6);
    const other = (await dashboard(`customerId=${otherCustomer}`)).body.data;
    expect(other.kpis).toMatchObject({ messagesIn: 1, accountsOnline: 0, accountsOffline: 1 });
  });
});

describe('refusals', () => {
  it('refuses callers without the permission', async () => {
    const nobody = await f.member([], 3, customerId);
    expect((await list({}, nobody.token)).body.code).toBe('A0312');
    expect((await dashboard('', nobody.token)).body.code).toBe('A0312');
    const lister = await f.member([PERMISSIONS.metricsSession.list], 3, customerId);
    expect((await list({}, lister.token)).body.code).toBe('00000');
    const res = await t.app.inject({
      method: 'POST',
      url: EXPORT,
      headers: { authorization: `Bearer ${lister.token}` },
      payload: {},
    });
    expect(res.json()).toMatchObject({ code: 'A0312' });
  });

  it("keeps a customer's callers to their own customer, naming the field", async () => {
    const member = await f.member(
      [PERMISSIONS.metricsSession.list, PERMISSIONS.metricsDashboard.view],
      3,
      otherCustomer,
    );
    const own = await list({}, member.token);
    expect(own.body.data.list.map((r) => r.wcId)).toEqual(['wxid_stranger']);
    expect((await list({ customerId }, member.token)).body).toMatchObject({
      code: 'A0312',
      data: { fields: [{ field: 'customerId', reason: 'invalidValue' }] },
    });
    expect((await list({ accountId: account.id }, member.token)).body).toMatchObject({
      data: { fields: [{ field: 'accountId' }] },
    });
    expect((await dashboard(`customerId=${customerId}`, member.token)).body).toMatchObject({
      code: 'A0312',
      data: { fields: [{ field: 'customerId' }] },
    });
    // Without a customer the dashboard is the caller's own: their scope holds that one customer.
    expect((await dashboard('', member.token)).body.data.customerId).toBe(otherCustomer);
  });

  it('refuses a period ending before it starts or longer than a year, and an unknown sort field, naming the field', async () => {
    const before = await t.database.db.$count(metricsDaily);
    const cases: [SessionMetricsPageQuery | string, string, string][] = [
      [{ dateFrom: '2024-03-10', dateTo: '2024-03-09' }, 'dateTo', 'beforeStart'],
      [{ dateFrom: '2023-01-01', dateTo: '2024-01-02' }, 'dateTo', 'rangeTooLong'],
      [{ dateFrom: '2024-02-30' }, 'dateFrom', 'invalidValue'],
      [{ dateTo: '10/03/2024' }, 'dateTo', 'invalidFormat'],
      ['dateFrom=2024-03-10&dateTo=2024-03-09', 'dateTo', 'beforeStart'],
      ['dateFrom=2023-01-01&dateTo=2024-01-02', 'dateTo', 'rangeTooLong'],
    ];
    for (const [input, field, reason] of cases) {
      const res = typeof input === 'string' ? await dashboard(input) : await list(input);
      expect(res.body, JSON.stringify(input)).toMatchObject({ code: 'A0400', data: { fields: [{ field, reason }] } });
    }
    // A whole leap year is allowed.
    expect((await list({ dateFrom: '2024-01-01', dateTo: '2024-12-31' })).body.code).toBe('00000');
    const sort = await t.call('POST', LIST, {
      token: admin,
      body: { orderBy: { field: 'password', direction: 'asc' } },
    });
    expect(sort.body).toMatchObject({ data: { fields: [{ field: 'orderBy.field' }] } });
    expect(await t.database.db.$count(metricsDaily)).toBe(before);
  });
});

describe('new contacts: those whose first contact fell in the period', () => {
  it('counts contacts first seen in the period, not older ones only messaged in it, on the day first seen', async () => {
    const id = await f.customer();
    const acc = await insertChatAccount(t, { customerId: id });
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * MIN);
    const recent = new Date(now.getTime() - 5 * MIN);
    const [old, fresh, quiet, twoDays, mate, room] = (await insertContacts(t, acc, 6)) as (typeof alice)[] as [
      typeof alice,
      typeof alice,
      typeof alice,
      typeof alice,
      typeof alice,
      typeof alice,
    ];
    const { db } = t.database;
    const seenAt = async (c: typeof alice, at: Date) =>
      db.update(chatContacts).set({ createdAt: at }).where(eq(chatContacts.id, c.id));
    // Known for 30 days (the address list), messaged both ways now: not new.
    await seenAt(old, daysAgo(30));
    // First seen two days ago, messaged now: new, on the day two days ago.
    await seenAt(twoDays, daysAgo(2));
    await db.update(chatContacts).set({ relationship: 'colleague' }).where(eq(chatContacts.id, mate.id));
    await db.update(chatContacts).set({ type: 'group' }).where(eq(chatContacts.id, room.id));
    const writes = async (peer: string, at: Date) =>
      storeIncomingMessage(db, acc, {
        kind: 'message',
        msgId: `nc${n++}`,
        wcId: acc.wcId,
        fromWcId: peer,
        type: 'text',
        content: `hi ${n}`,
        at,
      });
    await writes(old.wcId, recent);
    await storeOwnMessage(db, acc, {
      kind: 'message',
      msgId: `nc${n++}`,
      wcId: acc.wcId,
      fromWcId: old.wcId,
      fromSelf: true,
      type: 'text',
      content: 'promo',
      at: recent,
    });
    await writes(fresh.wcId, recent);
    await writes(twoDays.wcId, recent);
    await writes(mate.wcId, recent);
    // Unknown to the address list: first written 20 days ago and now (not new), or only now (new).
    await writes('wxid_nc_returning', daysAgo(20));
    await writes('wxid_nc_returning', recent);
    await writes('wxid_nc_stranger', recent);
    // `quiet` was first seen now (its row made) and never messaged: new.
    expect(quiet.createdAt.getTime()).toBeGreaterThan(daysAgo(1).getTime());

    const week = (await dashboard(`customerId=${id}`)).body.data;
    // fresh, quiet, stranger now; twoDays two days ago.
    expect(week.kpis.newContacts).toBe(4);
    const expected = week.trend.map(
      (p) => [recent, recent, recent, daysAgo(2)].filter((at) => serverDay(at) === p.date).length,
    );
    expect(week.trend.map((p) => p.newContacts)).toEqual(expected);
    expect(expected.reduce((a, b) => a + b, 0)).toBe(4);

    // The period of today alone: the contact first seen two days ago is no longer new in it.
    const today = serverDay(recent);
    const day = (await dashboard(`customerId=${id}&dateFrom=${today}&dateTo=${today}`)).body.data;
    expect(day.kpis.newContacts).toBe(serverDay(daysAgo(2)) === today ? 4 : 3);
    expect(day.trend.map((p) => p.newContacts)).toEqual([day.kpis.newContacts]);
    // A period before anything: none.
    expect((await dashboard(`customerId=${id}&dateFrom=2020-01-01&dateTo=2020-01-07`)).body.data.kpis.newContacts).toBe(
      0,
    );
  });
});

describe('every card is the sum of its chart series', () => {
  it('adds the daily counters of the period, day by day, to exact figures', async () => {
    const id = await f.customer();
    const today = serverDay(new Date());
    const rows = [
      {
        day: addDays(today, -1),
        messagesIn: 7,
        messagesOut: 5,
        agentReplies: 4,
        agentAnswered: 3,
        fallbackReplies: 3,
        personReplies: 1,
        sessions: 4,
        activeSessions: 3,
        handoverSessions: 1,
        friendRequests: 2,
        friendsAccepted: 1,
      },
      {
        day: addDays(today, -4),
        messagesIn: 10,
        messagesOut: 6,
        agentReplies: 6,
        agentAnswered: 2,
        fallbackReplies: 4,
        personReplies: 2,
        sessions: 5,
        activeSessions: 5,
        handoverSessions: 2,
        friendRequests: 1,
        friendsAccepted: 1,
      },
      // Outside the default period (the last 7 days): counted nowhere.
      { day: addDays(today, -9), messagesIn: 100, activeSessions: 50, handoverSessions: 40 },
    ];
    await t.database.db.insert(metricsDaily).values(rows.map((r) => ({ customerId: id, ...r })));
    const d = (await dashboard(`customerId=${id}`)).body.data;
    expect(d.kpis).toMatchObject({
      messagesIn: 17,
      messagesOut: 11,
      agentReplies: 10,
      agentAnswered: 5,
      personReplies: 3,
      sessions: 9,
      activeSessions: 8,
      handoverSessions: 3,
      friendRequests: 3,
      friendsAccepted: 2,
      newContacts: 0,
      agentReplyRate: Math.round((5 / 17) * 10_000) / 10_000,
      handoverRate: Math.round((3 / 8) * 10_000) / 10_000,
    });
    const series = ['messagesIn', 'messagesOut', 'activeSessions', 'newContacts', 'agentAnswered', 'handoverSessions'];
    for (const key of series) {
      const k = key as Exclude<keyof MetricsDashboard['trend'][number], 'date'>;
      expect(
        d.trend.reduce((s, p) => s + p[k], 0),
        key,
      ).toBe(d.kpis[k]);
    }
    const point = (day: string) => d.trend.find((p) => p.date === day);
    expect(point(addDays(today, -1))).toMatchObject({ messagesIn: 7, activeSessions: 3, handoverSessions: 1 });
    expect(point(addDays(today, -4))).toMatchObject({ messagesIn: 10, activeSessions: 5, handoverSessions: 2 });
    expect(point(today)).toMatchObject({ messagesIn: 0, handoverSessions: 0 });
  });

  it('draws "Needed a person" as the sessions that needed one, as its card counts them', async () => {
    const id = await f.customer();
    const acc = await insertChatAccount(t, { customerId: id });
    const [peer] = (await insertContacts(t, acc, 1)) as [typeof alice];
    const { db } = t.database;
    const [conversation] = await db
      .insert(agentConversations)
      .values({ customerId: id, channel: 'auto', title: 'metrics test' })
      .returning({ id: agentConversations.id });
    if (!conversation) throw new Error('no conversation');
    /** The agent's fallback reply, sent and rolled up as the pacing governor does. */
    const fallback = async (minutes: number) => {
      const [reply] = await db
        .insert(chatMessages)
        .values({
          customerId: id,
          accountId: acc.id,
          peerWcId: peer.wcId,
          direction: 'out',
          content: 'A colleague will answer you.',
          status: 'sent',
          source: 'agent',
          sentAt: at(minutes),
        })
        .returning({ id: chatMessages.id });
      if (!reply) throw new Error('no reply');
      await db.insert(agentAnswers).values({
        customerId: id,
        conversationId: conversation.id,
        channel: 'auto',
        replyMessageId: reply.id,
        question: `Question ${minutes}?`,
        answer: 'A colleague will answer you.',
        step: 'fallback',
        needsPerson: true,
        latencyMs: 1,
      });
      await db.transaction((tx) =>
        rollUpMessage(tx, {
          id: reply.id,
          customerId: id,
          accountId: acc.id,
          peerWcId: peer.wcId,
          direction: 'out',
          source: 'agent',
          at: at(minutes),
        }),
      );
    };
    // One session: the contact asks twice and the agent falls back twice.
    await incoming(acc, peer.wcId, 0);
    await fallback(1);
    await incoming(acc, peer.wcId, 2);
    await fallback(3);
    const d = (await dashboard(`customerId=${id}`)).body.data;
    expect(d.kpis).toMatchObject({ activeSessions: 1, handoverSessions: 1, handoverRate: 1, agentReplies: 2 });
    expect(d.trend.reduce((s, p) => s + p.handoverSessions, 0)).toBe(1);
    expect(d.unanswered.reduce((s, q) => s + q.count, 0)).toBe(2);
  });
});

describe('"All my customers": a caller whose scope holds sub-customers', () => {
  /** A parent customer with a busy sub-customer: two contacts, three messages in, one out. */
  async function family() {
    const parent = await f.customer();
    const child = await f.customer(undefined, parent);
    const acc = await insertChatAccount(t, { customerId: child });
    const [p1, p2] = (await insertContacts(t, acc, 2)) as [typeof alice, typeof alice];
    await incoming(acc, p1.wcId, 0);
    await phone(acc, p1.wcId, 1);
    await incoming(acc, p2.wcId, 0);
    await incoming(acc, p2.wcId, 40);
    return { parent, child, acc, p1, p2 };
  }

  it('rolls every customer of the scope up by default, answers each customer picked, and refuses one outside', async () => {
    const { parent, child, p1, p2 } = await family();
    const codes = [PERMISSIONS.metricsDashboard.view, PERMISSIONS.metricsSession.list];
    const boss = await f.member(codes, 4, parent);

    const all = (await dashboard('', boss.token)).body.data;
    expect(all.customerId).toBeNull();
    expect(all.kpis).toMatchObject({
      messagesIn: 3,
      messagesOut: 1,
      sessions: 3,
      activeSessions: 3,
      newContacts: 2,
      accountsOnline: 1,
    });
    const picked = (await dashboard(`customerId=${child}`, boss.token)).body.data;
    expect(picked.customerId).toBe(child);
    expect(picked.kpis).toEqual(all.kpis);
    const own = (await dashboard(`customerId=${parent}`, boss.token)).body.data;
    expect(own.kpis).toMatchObject({ messagesIn: 0, sessions: 0, newContacts: 0, accountsOnline: 0 });

    // Outside the scope: refused naming the field, no figures.
    const outside = await dashboard(`customerId=${customerId}`, boss.token);
    expect(outside.body).toMatchObject({ code: 'A0312', data: { fields: [{ field: 'customerId' }] } });
    expect(outside.body.data).not.toHaveProperty('kpis');

    // The session metrics: the sub-customer's contacts by default, a pick, a refusal.
    const rows = (await list({}, boss.token)).body.data.list.map((r) => r.wcId).sort();
    expect(rows).toEqual([p1.wcId, p2.wcId].sort());
    expect((await list({ customerId: parent }, boss.token)).body.data.total).toBe(0);
    expect((await list({ customerId: child }, boss.token)).body.data.total).toBe(2);
    expect((await list({ customerId }, boss.token)).body).toMatchObject({
      code: 'A0312',
      data: { fields: [{ field: 'customerId' }] },
    });

    // A caller whose scope is the sub-customer alone sees that customer.
    const clerk = await f.member(codes, 3, child);
    const single = (await dashboard('', clerk.token)).body.data;
    expect(single.customerId).toBe(child);
    expect(single.kpis).toEqual(all.kpis);
    expect((await dashboard(`customerId=${parent}`, clerk.token)).body.code).toBe('A0312');
  });

  it('shows the root administrator every customer’s activity, the sum of each customer picked', async () => {
    const { parent, child } = await family();
    const root = await f.rootId();
    const all = (await dashboard('')).body.data;
    expect(all.customerId).toBeNull();
    expect((await dashboard(`customerId=${root}`)).body.data.kpis.messagesIn).toBe(0);
    const ids = (await t.database.db.select({ id: customers.id }).from(customers)).map((r) => r.id);
    expect(ids).toContain(child);
    let messagesIn = 0;
    let handover = 0;
    let accounts = 0;
    for (const id of ids) {
      const k = (await dashboard(`customerId=${id}`)).body.data.kpis;
      messagesIn += k.messagesIn;
      handover += k.handoverSessions;
      accounts += k.accountsOnline + k.accountsOffline;
    }
    expect(all.kpis.messagesIn).toBe(messagesIn);
    expect(all.kpis.handoverSessions).toBe(handover);
    expect(all.kpis.accountsOnline + all.kpis.accountsOffline).toBe(accounts);
    expect((await dashboard(`customerId=${child}`)).body.data.kpis.messagesIn).toBe(3);
    expect((await dashboard(`customerId=${parent}`)).body.data.kpis.messagesIn).toBe(0);
  });
});
