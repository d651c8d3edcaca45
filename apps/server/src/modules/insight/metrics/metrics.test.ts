import {
  METRICS_DASHBOARD_PERMISSIONS,
  METRICS_SESSION_PERMISSIONS,
  type SessionMetricsPageQuery,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { type ChatAccountRow, insertChatAccount, insertContacts } from '@agent-console/server/test/fixtures/chat';
import { MIN, metricsTestKit } from '@agent-console/server/test/fixtures/metrics';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatContacts, contactLeads, contactSessions, metricsDaily } from '../../../db/schema';

/**
 * The session metrics and dashboard calls over roll-ups written by the real write path (the
 * message log's store functions): sessions split by a 31-minute gap, redeliveries counted once,
 * colleagues and groups left out; filters, sort, export; permission, scope and bad input refused
 * naming the field, with nothing written.
 */
const { t, admin, f } = useAdminApp();
const EXPORT = '/api/v3/metrics/customer/session/export';

let customerId: number;
let account: ChatAccountRow;
let alice: typeof chatContacts.$inferSelect;
let bob: typeof chatContacts.$inferSelect;
let colleague: typeof chatContacts.$inferSelect;
let group: typeof chatContacts.$inferSelect;
let otherCustomer: number;
let otherAccount: ChatAccountRow;
let kit: ReturnType<typeof metricsTestKit>;
const incoming = (...a: Parameters<typeof kit.incoming>) => kit.incoming(...a);
const phone = (...a: Parameters<typeof kit.phone>) => kit.phone(...a);
const at = (minutes: number) => kit.at(minutes);
const list = (body: SessionMetricsPageQuery, token = admin()) => kit.list(body, token);
const dashboard = (query: string, token = admin()) => kit.dashboard(query, token);

beforeAll(async () => {
  kit = metricsTestKit(t, admin);
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
      firstMessageAt: at(0).toISOString(),
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

  it("shows the app of the contact's latest session counted, and sorts by leads", async () => {
    const first = await insertApp(t, { customerId, name: 'Front desk' });
    const second = await insertApp(t, { customerId, name: 'Night shift' });
    const sessions = await t.database.db
      .select({ id: contactSessions.id })
      .from(contactSessions)
      .where(eq(contactSessions.peerWcId, alice.wcId))
      .orderBy(contactSessions.startedAt);
    expect(sessions).toHaveLength(2);
    const [earlier, later] = sessions as [{ id: number }, { id: number }];
    const setApp = (id: number, appId: number | null) =>
      t.database.db.update(contactSessions).set({ appId }).where(eq(contactSessions.id, id));
    try {
      await setApp(earlier.id, first.id);
      await setApp(later.id, second.id);
      const aliceRow = async (body: SessionMetricsPageQuery) =>
        (await list({ customerId, ...body })).body.data.list.find((r) => r.wcId === alice.wcId);
      expect(await aliceRow({})).toMatchObject({ appId: second.id, appName: 'Night shift', sessions: 2 });
      // Filtered by the first app, only its session is counted, and it is the latest one.
      expect(await aliceRow({ appId: first.id })).toMatchObject({
        appId: first.id,
        appName: 'Front desk',
        sessions: 1,
      });
      const byLeads = await list({ customerId, orderBy: { field: 'leads', direction: 'desc' } });
      expect(byLeads.body.data.list.map((r) => [r.wcId, r.leads])).toEqual([
        [bob.wcId, 1],
        [alice.wcId, 0],
      ]);
    } finally {
      await setApp(earlier.id, null);
      await setApp(later.id, null);
    }
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
      headers: { authorization: `Bearer ${admin()}`, 'accept-language': 'zh-chs' },
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
    const lister = await f.member([METRICS_SESSION_PERMISSIONS.list], 3, customerId);
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
      [METRICS_SESSION_PERMISSIONS.list, METRICS_DASHBOARD_PERMISSIONS.view],
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
    const sort = await t.call('POST', '/api/v3/metrics/customer/session/list/page', {
      token: admin(),
      body: { orderBy: { field: 'password', direction: 'asc' } },
    });
    expect(sort.body).toMatchObject({ data: { fields: [{ field: 'orderBy.field' }] } });
    expect(await t.database.db.$count(metricsDaily)).toBe(before);
  });
});
