import type {
  MetricsDashboard,
  PageResult,
  RoleUsage,
  SessionMetricsRow,
  UsageDashboard,
  UsageTrendPoint,
} from '@agent-console/contracts';
import { jobDone, logRow, readySimAccount } from '@agent-console/server/test/fixtures/agent-runtime';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { useChatTestApp } from '@agent-console/server/test/fixtures/chat-test-app';
import { ManualClock } from '@agent-console/server/test/fixtures/manual-clock';
import { asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiRoleConfigs, chatContacts, chatMessages } from '../../../db/schema';
import { jobIdOf } from '../../../jobs/agent-queues';
import { QUEUES } from '../../../jobs/queues';

/**
 * Issue 17, acceptance 2 (metrics): scripted conversations through the gateway simulator over
 * HTTP — answered from a QA, the fallback ("needs a person"), a colleague, a phone reply, a
 * friend request, and a session split by a 31-minute gap — then the session metrics and the
 * dashboard KPIs compared with counts worked out here from the script and the message log.
 */
/** Reads real time except where the month-boundary script moves it. */
const clock = new ManualClock();
const { t, f } = useChatTestApp({ contactCount: 6, clock });

const QUESTION = 'What are your opening hours?';
const UNKNOWN = 'Can you deliver to Mars?';
const MIN = 60_000;

describe('metrics from scripted conversations', () => {
  it('match counts computed from the script', async () => {
    const sim = t.gateway.sim;
    const customerId = await f.customer();
    const served = await readySimAccount(t, f, customerId);
    const plain = await readySimAccount(t, f, customerId);
    const app = await insertApp(t, { customerId });
    await f.ok('POST', '/api/v3/account/setApp', { accountId: served.account.id, appId: app.id });
    await insertQa(t, { customerId, question: QUESTION, answer: 'Nine to six.' });
    await t.database.db.insert(aiRoleConfigs).values({ appId: app.id, customerId, autoAcceptFriend: true });
    const [f1, f2, mate] = served.friends;
    const [f4] = plain.friends;
    if (!f1 || !f2 || !mate || !f4) throw new Error('the simulator gave too few friends');
    await f.ok('POST', '/api/v3/address/setRelationship', { ids: [mate.id], relationship: 'colleague' });

    /** Waits for the agent's job on one incoming message to finish. */
    const answered = async (accountId: number, msgId: string) =>
      jobDone(t, jobIdOf(QUEUES.agentReply.name, (await logRow(t, accountId, msgId)).id));

    // The served account: f1 asks a known and an unknown question; f2 a known one; a colleague writes.
    await answered(served.account.id, (await sim.customerWrites(served.account.wcId, f1.wcId, QUESTION)).msgId);
    await answered(served.account.id, (await sim.customerWrites(served.account.wcId, f1.wcId, UNKNOWN)).msgId);
    await answered(served.account.id, (await sim.customerWrites(served.account.wcId, f2.wcId, QUESTION)).msgId);
    await answered(served.account.id, (await sim.customerWrites(served.account.wcId, mate.wcId, QUESTION)).msgId);
    // A friend request, accepted (auto-accept on, no welcome).
    const request = await sim.friendRequest(served.account.wcId, { nickname: 'New friend' });
    await waitUntil(
      () => logRow(t, served.account.id, `friendRequest:${request.ticket}`),
      (row) => row.status === 'accepted',
    );
    // The account without an app: f4 writes two hours ago, the phone answers 2 minutes later, f4
    // writes again 31 minutes after that answer: two sessions.
    const t0 = new Date(Math.floor((Date.now() - 120 * MIN) / 1000) * 1000);
    const plus = (m: number) => new Date(t0.getTime() + m * MIN);
    await sim.customerWrites(plain.account.wcId, f4.wcId, 'Hello?', { at: t0 });
    await sim.phoneReplies(plain.account.wcId, f4.wcId, 'Hi, how can I help?', { at: plus(2) });
    await sim.customerWrites(plain.account.wcId, f4.wcId, 'Still there?', { at: plus(33) });

    // Every agent reply recorded sent (the roll-up counts a reply when it is marked sent).
    const accountIds = [served.account.id, plain.account.id];
    const log = await waitUntil(
      () =>
        t.database.db
          .select()
          .from(chatMessages)
          .where(inArray(chatMessages.accountId, accountIds))
          .orderBy(asc(chatMessages.id)),
      (rows) => rows.filter((r) => r.source === 'agent' && r.status === 'sent').length === 3,
    );

    // Expected, from the script: the colleague's message and the friend request left out.
    const inFrom = (wcId: string) =>
      log.filter((r) => r.direction === 'in' && r.type === 'text' && r.peerWcId === wcId);
    const firstReply = (wcId: string, after: Date) =>
      log.find(
        (r) =>
          r.direction === 'out' &&
          r.peerWcId === wcId &&
          r.status === 'sent' &&
          ['agent', 'phone'].includes(r.source) &&
          (r.sentAt?.getTime() ?? 0) >= after.getTime(),
      );
    const frt = (wcId: string) => {
      const first = inFrom(wcId)[0];
      const reply = first?.sentAt ? firstReply(wcId, first.sentAt) : undefined;
      return (reply?.sentAt?.getTime() ?? 0) - (first?.sentAt?.getTime() ?? 0);
    };
    const responses = [frt(f1.wcId), frt(f2.wcId), 2 * MIN].sort((a, b) => a - b);
    expect(inFrom(mate.wcId)).toHaveLength(1);
    expect(log.filter((r) => r.source === 'agent' && r.peerWcId === mate.wcId)).toEqual([]);

    // New contacts: every contact first seen today — the friends of both accounts' address lists
    // (initialised by this test) and the friend just accepted — but not the colleague.
    const contacts = await t.database.db
      .select({ wcId: chatContacts.wcId, relationship: chatContacts.relationship, type: chatContacts.type })
      .from(chatContacts)
      .where(inArray(chatContacts.accountId, accountIds));
    const firstSeen = contacts.filter((c) => c.type === 'friend' && c.relationship !== 'colleague').length;
    expect(firstSeen).toBe(served.friends.length + plain.friends.length);

    const dash = await f.ok<MetricsDashboard>('GET', `/api/v3/metrics/dashboard?customerId=${customerId}`);
    expect(dash.kpis).toEqual({
      newContacts: firstSeen,
      friendRequests: 1,
      friendsAccepted: 1,
      sessions: 4,
      activeSessions: 4,
      messagesIn: 5,
      messagesOut: 4,
      agentReplies: 3,
      agentAnswered: 2,
      agentReplyRate: 0.4,
      handoverSessions: 1,
      handoverRate: 0.25,
      personReplies: 1,
      medianFirstResponseMs: responses[1],
      leadsCaptured: 0,
      followupsSent: 0,
      accountsOnline: 2,
      accountsOffline: 0,
    });
    expect(dash.unanswered).toEqual([expect.objectContaining({ question: UNKNOWN, count: 1 })]);
    expect(dash.trend.reduce((n, p) => n + p.messagesIn, 0)).toBe(5);
    expect(dash.trend.reduce((n, p) => n + p.handoverSessions, 0)).toBe(1);

    // The usage figures meter the same script: one unit per agent answer (the two QA answers and
    // the fallback; the colleague was not answered), all by the app, all today.
    const usage = `customerId=${customerId}`;
    const cards = await f.ok<UsageDashboard>('GET', `/api/v3/dashboard/getCompanyUsageDashboard?${usage}`);
    expect(cards).toMatchObject({ used: 3, totalQuota: null, remaining: null });
    const perApp = await f.ok<RoleUsage[]>('GET', `/api/v3/dashboard/getRoleUsageStatistics?${usage}`);
    expect(perApp.filter((r) => r.used > 0)).toEqual([expect.objectContaining({ used: 3 })]);
    const trend = await f.ok<UsageTrendPoint[]>('GET', `/api/v3/dashboard/getUsageTrendStatistics?${usage}`);
    expect(trend).toHaveLength(7);
    expect(trend.at(-1)?.used).toBe(3);
    expect(trend.slice(0, -1).every((p) => p.used === 0)).toBe(true);

    const page = await f.ok<PageResult<SessionMetricsRow>>('POST', '/api/v3/metrics/customer/session/list/page', {
      customerId,
      orderBy: { field: 'nickname', direction: 'asc' },
    });
    const row = (wcId: string) => page.list.find((r) => r.wcId === wcId);
    expect(page.total).toBe(3);
    expect(row(f1.wcId)).toMatchObject({
      sessions: 1,
      messagesIn: 2,
      messagesOut: 2,
      agentReplies: 2,
      personReplies: 0,
      appId: app.id,
      avgFirstResponseMs: frt(f1.wcId),
    });
    expect(row(f2.wcId)).toMatchObject({ sessions: 1, messagesIn: 1, agentReplies: 1 });
    expect(row(f4.wcId)).toMatchObject({
      sessions: 2,
      messagesIn: 2,
      messagesOut: 1,
      personReplies: 1,
      appId: null,
      avgFirstResponseMs: 2 * MIN,
      firstMessageAt: t0.toISOString(),
      lastMessageAt: plus(33).toISOString(),
    });
    expect(row(mate.wcId)).toBeUndefined();
    // Filtered by app: only the served account's contacts.
    const byApp = await f.ok<PageResult<SessionMetricsRow>>('POST', '/api/v3/metrics/customer/session/list/page', {
      appId: app.id,
    });
    expect(byApp.list.map((r) => r.wcId).sort()).toEqual([f1.wcId, f2.wcId].sort());
  });

  it('meter answers in the month they were given, and carry last month’s remaining across the boundary', async () => {
    const sim = t.gateway.sim;
    const customerId = await f.customer();
    const served = await readySimAccount(t, f, customerId);
    const app = await insertApp(t, { customerId });
    await f.ok('POST', '/api/v3/account/setApp', { accountId: served.account.id, appId: app.id });
    await insertQa(t, { customerId, question: QUESTION, answer: 'Nine to six.' });
    // Three contacts: the same contact asking the same again within 10 s would be a redelivery.
    const [c1, c2, c3] = served.friends;
    if (!c1 || !c2 || !c3) throw new Error('the simulator gave too few friends');
    const asks = async (wcId: string, text: string) => {
      const { msgId } = await sim.customerWrites(served.account.wcId, wcId, text);
      await jobDone(t, jobIdOf(QUEUES.agentReply.name, (await logRow(t, served.account.id, msgId)).id));
    };

    // The first instant of this month (server time zone), worked out here, and the script's
    // answers with the time on the clock when each was given.
    const realNow = new Date();
    const monthStart = new Date(realNow.getFullYear(), realNow.getMonth(), 1);
    const lastSecondOfLastMonth = new Date(monthStart.getTime() - 1000);
    const given: Date[] = [];
    try {
      // Last month: the quota set to 10 (from then on), two questions answered in its last second.
      clock.set(lastSecondOfLastMonth);
      await f.ok('POST', '/api/v3/dashboard/setQuota', { customerId, quota: 10 });
      await asks(c1.wcId, QUESTION);
      await asks(c2.wcId, QUESTION);
      given.push(lastSecondOfLastMonth, lastSecondOfLastMonth);
      // The boundary itself belongs to this month.
      clock.set(monthStart);
      await asks(c3.wcId, QUESTION);
      given.push(monthStart);
    } finally {
      clock.reset();
    }
    // Now: a question nobody can answer still costs its unit (the fallback is an answer).
    const before = new Date();
    await asks(c2.wcId, UNKNOWN);
    given.push(before);

    const thisMonth = given.filter((at) => at >= monthStart).length;
    const lastMonth = given.length - thisMonth;
    expect([lastMonth, thisMonth]).toEqual([2, 2]);
    const usage = `customerId=${customerId}`;
    const cards = await f.ok<UsageDashboard>('GET', `/api/v3/dashboard/getCompanyUsageDashboard?${usage}`);
    expect(cards).toMatchObject({
      totalQuota: 10,
      used: thisMonth,
      remaining: 10 - thisMonth,
      lastMonthRemaining: 10 - lastMonth,
      usageRate: (thisMonth / 10) * 100,
    });
    const perApp = await f.ok<RoleUsage[]>('GET', `/api/v3/dashboard/getRoleUsageStatistics?${usage}`);
    expect(perApp.find((r) => r.appId === app.id)?.used).toBe(thisMonth);
    // The 7-day trend, today last: each answer on its own server day, where that day is shown.
    const trend = await f.ok<UsageTrendPoint[]>('GET', `/api/v3/dashboard/getUsageTrendStatistics?${usage}`);
    const dayOf = (at: Date) =>
      `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
    expect(trend.map((p) => p.used)).toEqual(trend.map((p) => given.filter((at) => dayOf(at) === p.date).length));
    expect(trend.at(-1)).toEqual(expect.objectContaining({ date: dayOf(new Date()) }));
  });
});
